// The texts the server writes in a parcel's history come as a code and its values
// (`{code: 'exit_voucher', values: {voucher: 'BS…'}}`), rendered here in the UI's language.
import type { MessageKey, MessageParams, Translate } from '../../i18n';
import type { Listed, Schema } from '../../core/apiTypes';
import { PARCEL_STATUSES, type HistoryNote, type ParcelStatus } from './api';
import '../../i18n/parcels';

/** The codes the server writes (crates/parcels/src/note.rs), each with a `parcels.note.<code>` message. */
export const NOTE_CODES = [
  'auto_refused',
  'cancelled_by_client',
  'address_changed',
  'reassigned',
  'pickup_voucher',
  'removed_from_pickup_voucher',
  'pickup_voucher_deleted',
  'picked_up',
  'not_picked_up',
  'exit_voucher',
  'exit_voucher_forced',
  'return_voucher',
  'item_taken_back',
  'returned_to_hub',
  'item_returned',
  'undone',
  'undone_with_refusal',
  'delivery_proof',
  // The confirmation agents' calls (issue 40).
  'confirmed',
  'confirmation_no_answer',
  'confirmation_wrong_number',
  'confirmation_given_up',
  'confirmation_corrected',
  'confirmation_amount',
  // Failed attempts decided (issue 40): by the merchant, the recipient, or the company's default.
  'reattempt_requested',
  'reattempt_by_recipient',
  'reattempt_by_default',
  'return_requested',
  'cancelled_by_recipient',
] as const satisfies readonly Schema<'NoteCode'>[];

/** A code the server adds and NOTE_CODES lacks fails the type check here. */
export type EveryNoteCodeListed = Listed<Exclude<Schema<'NoteCode'>, (typeof NOTE_CODES)[number]>>;

function isStatus(value: unknown): value is ParcelStatus {
  return typeof value === 'string' && (PARCEL_STATUSES as readonly string[]).includes(value);
}

/** The note in the UI's language; null for a code this version does not know. */
export function noteText(t: Translate, note: HistoryNote): string | null {
  if (!(NOTE_CODES as readonly string[]).includes(note.code)) return null;
  const params: MessageParams = {};
  for (const [name, value] of Object.entries(note.values ?? {})) {
    if (value === null || value === undefined) continue;
    // A status value reads as its label.
    params[name] = name === 'status' && isStatus(value) ? t(`parcels.status.${value}` as MessageKey) : value;
  }
  return t(`parcels.note.${note.code}` as MessageKey, params);
}
