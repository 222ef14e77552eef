import { api } from '../../core/api';
import type { Body, Schema } from '../../core/apiTypes';
import type { ItemResponse } from '../../core/crud';

/** GET /api/settings/company: the company's legal identity, printed on invoices and vouchers. */
export type CompanyIdentity = Schema<'CompanyView'>;

/** PUT /api/settings/company: replaces the whole identity (a rate of 0 requires an exemption, else 422). */
export type CompanyBody = Body<'/api/settings/company', 'put'>;

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
  }),
});

export const { useCompanySettingsQuery, useUpdateCompanySettingsMutation } = settingsApi;

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
