import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';

/** GET /api/settings/company: the company's legal identity, printed on invoices and vouchers. */
export type CompanyIdentity = Schema<'CompanyView'>;

/** PUT /api/settings/company: replaces the whole identity (a rate of 0 requires an exemption, else 422). */
export type CompanyBody = Body<'/api/settings/company', 'put'>;

/**
 * GET/PUT /api/settings/recipients: the recipients' bands (the share of failed parcels from which a
 * recipient is « À confirmer » or « Risqué », the failures « Risqué » needs), what creating a parcel
 * does for each (warn, have the company's agents confirm it, or refuse), the months the history
 * counts, and the confirmation calls (tries, delay before calling again, what a failure becomes).
 */
export type RecipientPolicy = Schema<'RecipientPolicy'>;

/** What an order the confirmation agents could not confirm becomes: cancelled, or a new parcel of its merchant. */
export type GivenUp = Schema<'GivenUp'>;

/**
 * GET/PUT /api/settings/recipient-messages: whether parcels' recipients get SMS or WhatsApp
 * messages (out for delivery, failed attempt, order to confirm), and the channel the server's
 * environment configures (read-only; none: nothing can be sent).
 */
export type RecipientMessagesSetting = Schema<'RecipientMessagesSetting'>;

/** PUT /api/settings/recipient-messages: `{enabled}`. */
export type RecipientMessagesBody = Body<'/api/settings/recipient-messages', 'put'>;

/** The rate when never set. */
export const DEFAULT_TVA_RATE = 20;
/** The server's length limit of the exemption mention (characters). */
export const TVA_EXEMPTION_MAX = 300;

export const settingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    companySettings: build.query<CompanyIdentity, void>({
      query: () => 'settings/company',
      transformResponse: (response: ItemResponse<CompanyIdentity>) => response.data,
      providesTags: ['companySettings'],
    }),
    updateCompanySettings: build.mutation<CompanyIdentity, CompanyBody>({
      query: (body) => ({ url: 'settings/company', method: 'PUT', body }),
      transformResponse: (response: ItemResponse<CompanyIdentity>) => response.data,
      invalidatesTags: ['companySettings'],
    }),
    recipientPolicy: build.query<RecipientPolicy, void>({
      query: () => 'settings/recipients',
      transformResponse: (response: ItemResponse<RecipientPolicy>) => response.data,
      providesTags: ['recipientPolicy'],
    }),
    /** New thresholds change the recipients' bands, which the parcels show. */
    updateRecipientPolicy: build.mutation<RecipientPolicy, RecipientPolicy>({
      query: (body) => ({ url: 'settings/recipients', method: 'PUT', body }),
      transformResponse: (response: ItemResponse<RecipientPolicy>) => response.data,
      invalidatesTags: ['recipientPolicy', 'parcels'],
    }),
    recipientMessagesSetting: build.query<RecipientMessagesSetting, void>({
      query: () => 'settings/recipient-messages',
      transformResponse: (response: ItemResponse<RecipientMessagesSetting>) => response.data,
      providesTags: ['recipientMessagesSetting'],
    }),
    updateRecipientMessagesSetting: build.mutation<RecipientMessagesSetting, RecipientMessagesBody>({
      query: (body) => ({ url: 'settings/recipient-messages', method: 'PUT', body }),
      transformResponse: (response: ItemResponse<RecipientMessagesSetting>) => response.data,
      invalidatesTags: ['recipientMessagesSetting'],
    }),
  }),
});

export const {
  useCompanySettingsQuery,
  useUpdateCompanySettingsMutation,
  useRecipientPolicyQuery,
  useUpdateRecipientPolicyMutation,
  useRecipientMessagesSettingQuery,
  useUpdateRecipientMessagesSettingMutation,
} = settingsApi;

/** "ICE 001… · IF … · RC …": the identifiers as the documents' footer prints them. */
export function identifiers(company: Record<'ice' | 'if' | 'rc' | 'patente' | 'cnss', string>): string {
  const digits = (value: string) => value.replace(/\s+/g, '');
  return [
    ['ICE', company.ice],
    ['IF', company.if],
    ['RC', company.rc],
    ['Patente', company.patente],
    ['CNSS', company.cnss],
  ]
    .filter(([, value]) => digits(value).length > 0)
    .map(([label, value]) => `${label} ${digits(value)}`)
    .join(' · ');
}
