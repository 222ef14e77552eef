import { errorBody, errorStatus, fieldErrors } from '../../core/api';
import type { Translate } from '../../i18n';
import type { FieldDef, FormValues } from './fields';

export interface SubmitErrors {
  fields: Record<string, string>;
  form: string | null;
}

export const NO_ERRORS: SubmitErrors = { fields: {}, form: null };

/** The server's answer to a failed submit, spread over the fields that exist. */
export function submitErrors(error: unknown, fields: ReadonlyArray<Pick<FieldDef<FormValues>, 'name' | 'errorKeys'>>, t: Translate): SubmitErrors {
  const status = errorStatus(error);
  const message = errorBody(error)?.message;
  if (status === 'FETCH_ERROR') return { fields: {}, form: t('error.network') };
  if (status !== 422) return { fields: {}, form: message ?? t('error.generic') };
  const out: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [key, text] of Object.entries(fieldErrors(error))) {
    // "permissions.2" or "cities[0]" belong to "permissions" / "cities".
    const base = key.split(/[.[]/)[0];
    const field = fields.find((f) => f.name === key || f.name === base || f.errorKeys?.includes(key));
    if (field && !out[field.name]) out[field.name] = text;
    else unplaced.push(text);
  }
  const form = unplaced.length > 0 ? unplaced.join(' ') : Object.keys(out).length === 0 ? message ?? t('error.generic') : null;
  return { fields: out, form };
}
