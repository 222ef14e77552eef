import { api } from '../../app/api';
import type { ListResponse } from '../../app/collections';
import { listParams } from '../../app/crud';
import type { ListArgs } from '../../components/table/useListState';

/** GET /api/activities item. */
export interface Activity {
  key: string;
  user: { key: string; name: string; role: string } | null;
  action: string;
  action_label: string;
  subject_type: string | null;
  subject_key: string | null;
  /** Free text or a small object of the recorded values. */
  details: string | Record<string, unknown> | null;
  created_at: string;
}

export interface ActivityKind {
  key: string;
  label: string;
}

export const activitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listActivities: build.query<ListResponse<Activity>, ListArgs | void>({
      query: (args) => ({ url: 'activities', params: listParams(args) }),
    }),
    activityKinds: build.query<{ data: ActivityKind[] }, void>({
      query: () => 'activities/actions',
    }),
  }),
});

export const { useListActivitiesQuery, useActivityKindsQuery } = activitiesApi;
