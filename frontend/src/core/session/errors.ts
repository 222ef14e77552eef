import { errorBody, errorStatus, fieldErrors } from '../api';
import type { Translate } from '../../i18n';

export interface FormErrors {
  /** First message per field, from a 422 answer. */
  fields: Record<string, string>;
  /** A message for the whole form, when no field carries the error. */
  form: string | null;
}

/** Turns a failed call into field messages (422) or one form message. */
export function formErrors(error: unknown, t: Translate, tooMany?: string): FormErrors {
  const status = errorStatus(error);
  if (status === 422) {
    const fields = fieldErrors(error);
    const hasFields = Object.keys(fields).length > 0;
    return { fields, form: hasFields ? null : errorBody(error)?.message ?? t('error.generic') };
  }
  if (status === 429) return { fields: {}, form: tooMany ?? errorBody(error)?.message ?? t('error.generic') };
  if (status === 'FETCH_ERROR') return { fields: {}, form: t('error.network') };
  return { fields: {}, form: errorBody(error)?.message ?? t('error.generic') };
}

/** The errors without the message of `field` (the user is typing in it): same object if it had none. */
export function withoutField(errors: FormErrors, field: string): FormErrors {
  if (!errors.fields[field]) return errors;
  const { [field]: _dropped, ...fields } = errors.fields;
  return { ...errors, fields };
}
