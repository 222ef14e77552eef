import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import type { ListResponse } from '../../core/collections';
import { siteOrigin } from '../../core/csrf';
import { listParams } from '../../core/crud';
import type { FilterValue, ListArgs } from '../table/useListState';
import type { Language } from '../../i18n';

/** One recorded value, rendered by the server in the request's language ("580,50 DH", "old → new"). */
export type DetailLine = Schema<'DetailLine'>;

/** GET /api/activities item. `details` holds the recorded values as written (keys, codes, centimes). */
export type Activity = Schema<'ActivityView'>;

export type ActivityKind = Schema<'ActionKind'>;

/** The log's filters the export takes (the list's, without paging). */
export const EXPORT_FILTERS = ['user', 'action', 'subject_key', 'from', 'to', 'mine'] as const;

/**
 * GET /api/activities/export with the screen's filters: a plain link, so the browser streams the
 * file to disk; `lang` stands for Accept-Language, which a link cannot send.
 */
export function activitiesExportUrl(filters: Record<string, FilterValue>, language: Language): string {
  const params = new URLSearchParams();
  for (const name of EXPORT_FILTERS) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  params.set('lang', language);
  return `${siteOrigin()}/api/activities/export?${params.toString()}`;
}

/** The activities' lines on one line each: "Total : 580,50 DH · Écart : -0,50 DH". */
export function detailsText(lines: readonly DetailLine[] | undefined): string {
  return (lines ?? []).map((line) => (line.label ? `${line.label} : ${line.value}` : line.value)).join(' · ');
}

export const activitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Labels and values come in the UI's language: the store refetches them when it changes.
    listActivities: build.query<ListResponse<Activity>, ListArgs | void>({
      query: (args) => ({ url: 'activities', params: listParams(args) }),
      providesTags: ['activities'],
    }),
    activityKinds: build.query<{ data: ActivityKind[] }, void>({
      query: () => 'activities/actions',
      providesTags: ['activities'],
    }),
  }),
});

export const { useListActivitiesQuery, useActivityKindsQuery } = activitiesApi;
