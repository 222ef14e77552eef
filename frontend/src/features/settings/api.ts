import { api } from '../../core/api';
import type { ItemResponse } from '../../core/crud';

/** GET /api/settings/company: the company's legal identity, printed on invoices and vouchers. */
export interface CompanyIdentity {
  /** False until an admin sets it (documents then print the product's name only). */
  configured: boolean;
  name: string;
  address: string;
  /** 15 digits. */
  ice: string;
  if: string;
  rc: string;
  patente: string | null;
  cnss: string | null;
  /** Invoices print in each reader's language when true, else in French (the legal language). */
  invoices_in_reader_language: boolean;
  /** The TVA rate of the fees, integer percent 0–100 (20 until set). */
  tva_rate: number;
  /** The legal exemption mention: set, invoices charge no TVA and print it. */
  tva_exemption: string | null;
  /** Merchants are paid before the delivery person's cash is validated (an advance); off by default. */
  pay_before_cash_in: boolean;
}

export interface CompanyBody {
  name: string;
  address: string;
  ice: string;
  if: string;
  rc: string;
  patente: string;
  cnss: string;
  /** Sent with every save: the PUT replaces the whole identity. */
  invoices_in_reader_language: boolean;
  /** Integer percent, 0 to 100. */
  tva_rate: number;
  /** At most TVA_EXEMPTION_MAX characters; null: not exempt. A rate of 0 requires one (else 422). */
  tva_exemption: string | null;
  /** Sent with every save (false when left out). */
  pay_before_cash_in: boolean;
}

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
export function identifiers(company: Pick<CompanyBody, 'ice' | 'if' | 'rc' | 'patente' | 'cnss'>): string {
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
