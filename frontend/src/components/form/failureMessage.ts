import { errorBody, errorStatus } from '../../core/api';
import type { Translate } from '../../i18n';

/** The line to show for a failed call: the server's message, or what went wrong on the way. */
export function failureMessage(error: unknown, t: Translate): string {
  if (errorStatus(error) === 'FETCH_ERROR') return t('error.network');
  return errorBody(error)?.message ?? t('error.generic');
}
