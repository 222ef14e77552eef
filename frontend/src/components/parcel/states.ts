// The state machine of the domain rules, as far as the state dialog needs it: which statuses a
// role may choose, and what each move requires. The server decides (409/422); this only says it
// beforehand.
import type { Role } from '../../navigation/types';
import { PARCEL_STATUSES, type ParcelStatus } from './api';

const ATTEMPTS: readonly ParcelStatus[] = ['no_answer', 'unreachable', 'wrong_number', 'postponed', 'scheduled'];
const WITH_DELIVERY_PERSON: readonly ParcelStatus[] = ['out_for_delivery', ...ATTEMPTS];

export function isWithDeliveryPerson(status: ParcelStatus): boolean {
  return WITH_DELIVERY_PERSON.includes(status);
}

/** Postponed and scheduled parcels need a date. */
export function needsDate(status: ParcelStatus): boolean {
  return status === 'postponed' || status === 'scheduled';
}

/** Refused, cancelled, lost and damaged need a reason. */
export function needsComment(status: ParcelStatus): boolean {
  return status === 'refused' || status === 'cancelled' || status === 'lost' || status === 'damaged';
}

/**
 * A delivery person's failed attempts: each follows a call from his round in the 15 minutes
 * before it (`POST parcels/{key}/calls`), or says why he could not call (`no_call_reason`).
 */
export function needsCall(status: ParcelStatus): boolean {
  return status === 'no_answer' || status === 'unreachable' || status === 'wrong_number';
}

/** How long a call from the round covers the failed attempts that follow it (the server's rule). */
export const CALL_WINDOW_MS = 15 * 60_000;

/** The moves of the normal flow (domain rules, "Allowed moves"). */
export function flowAllows(from: ParcelStatus, to: ParcelStatus): boolean {
  if (from === to) return false;
  switch (from) {
    case 'to_confirm':
      return to === 'new' || to === 'cancelled';
    case 'new':
      return to === 'awaiting_pickup' || to === 'cancelled';
    case 'awaiting_pickup':
      return to === 'new' || to === 'picked_up' || to === 'cancelled';
    case 'picked_up':
      return to === 'out_for_delivery';
    case 'refused':
    case 'cancelled':
      return to === 'returning';
    case 'returning':
      return to === 'returned';
    default:
      return isWithDeliveryPerson(from) && (isWithDeliveryPerson(to) || to === 'delivered' || to === 'refused' || to === 'cancelled');
  }
}

/**
 * Statuses offered by the state dialog: a delivery person records the outcomes of a parcel he
 * holds; an admin may choose any other status (forcing a move outside the flow with a comment).
 */
export function stateChoices(role: Role, from: ParcelStatus): ParcelStatus[] {
  if (role === 'admin') return PARCEL_STATUSES.filter((status) => status !== from);
  if (role === 'delivery-admin') {
    if (!isWithDeliveryPerson(from)) return [];
    return [...ATTEMPTS, 'delivered', 'refused', 'cancelled'].filter((status) => status !== from) as ParcelStatus[];
  }
  return [];
}

export interface StateRequirements {
  date: boolean;
  comment: boolean;
  /** An admin's move outside the flow: allowed with a comment. */
  forced: boolean;
}

/** What the state dialog requires for a move. */
export function stateRequirements(role: Role, from: ParcelStatus, to: ParcelStatus): StateRequirements {
  const forced = role === 'admin' && !flowAllows(from, to) && to !== 'lost' && to !== 'damaged';
  return { date: needsDate(to), comment: needsComment(to) || forced, forced };
}
