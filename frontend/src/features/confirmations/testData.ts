// Confirmation tasks and figures as the API sends them, for the confirmation screen's tests.
import { parcel } from '../../components/parcel/testData';
import type { CallFigures, ConfirmationStatistics, ConfirmationTask } from './api';

/** The order K1 « à confirmer », just taken: held 10 minutes from now, no call before. */
export function confirmationTask(key = 'K1', overrides: Partial<ConfirmationTask> = {}): ConfirmationTask {
  const now = Date.now();
  return {
    parcel: parcel(key, {
      status: 'to_confirm',
      status_label: 'À confirmer',
      quantity: 2,
      note: 'Appeler après 14 h',
      recipient_history: { delivered: 1, failed: 1, band: 'to_confirm' },
    }),
    tries: 0,
    max_tries: 3,
    queued_at: new Date(now - 30 * 60_000).toISOString(),
    leased_until: new Date(now + 10 * 60_000).toISOString(),
    calls: [],
    ...overrides,
  };
}

export function callFigures(key: string, name: string, overrides: Partial<CallFigures> = {}): CallFigures {
  return {
    key,
    name,
    calls: 12,
    confirmed: 7,
    cancelled: 2,
    no_answer: 2,
    wrong_number: 1,
    confirmation_rate: 77,
    mean_minutes_to_confirm: 95,
    ...overrides,
  };
}

export function confirmationStatistics(overrides: Partial<ConfirmationStatistics> = {}): ConfirmationStatistics {
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    queue: { waiting: 14, due: 9, held: 2 },
    agents: [callFigures('A1', 'Nadia Tazi'), callFigures('A2', 'Omar Idrissi', { calls: 3, confirmed: 0, cancelled: 0, no_answer: 3, wrong_number: 0, confirmation_rate: null, mean_minutes_to_confirm: null })],
    merchants: [callFigures('M1', 'Atlas SARL', { calls: 15 })],
    ...overrides,
  };
}
