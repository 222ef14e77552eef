import { describe, expect, it, vi } from 'vitest';
import { sendInOrder, type QueuedOutcome, type SendResult } from './outcomeQueue';
import { countWaitingOutcomes, waitingCount } from './outcomeStore';

const item = (parcel: string, state: QueuedOutcome['state'] = 'pending'): QueuedOutcome => ({
  key: `key-${parcel}`,
  user: 'D1',
  parcel,
  status: 'no_answer',
  body: { parcel, status: 'no_answer' },
  recordedAt: '2026-11-26T10:00:00.000Z',
  state,
});

/** A send answering each parcel as told, and what became of each outcome. */
function server(answers: Record<string, SendResult>) {
  const tried: string[] = [];
  const sent: string[] = [];
  const refused: Array<[string, string]> = [];
  return {
    tried,
    sent,
    refused,
    send: vi.fn(async (outcome: QueuedOutcome) => {
      tried.push(outcome.parcel);
      return answers[outcome.parcel] ?? { kind: 'sent' };
    }),
    keep: {
      sent: async (outcome: QueuedOutcome) => void sent.push(outcome.parcel),
      refused: async (outcome: QueuedOutcome, message: string) => void refused.push([outcome.parcel, message]),
    },
  };
}

describe('sending the offline queue', () => {
  it('sends the waiting ones in order, keeps a refused one with its reason and goes on, and says how many of each', async () => {
    const phone = server({ K2: { kind: 'refused', message: 'Ce colis est perdu.' } });
    const summary = await sendInOrder([item('K1'), item('K0', 'failed'), item('K2'), item('K3')], phone.send, phone.keep);
    // A refusal already seen on the phone is not sent again.
    expect(phone.tried).toEqual(['K1', 'K2', 'K3']);
    expect(phone.sent).toEqual(['K1', 'K3']);
    expect(phone.refused).toEqual([['K2', 'Ce colis est perdu.']]);
    expect(summary).toEqual({ sent: 2, refused: 1 });
  });

  it('stops at the first that must wait (no network, the session ended): it and those after it stay, untouched', async () => {
    const phone = server({ K2: { kind: 'later' } });
    const summary = await sendInOrder([item('K1'), item('K2'), item('K3')], phone.send, phone.keep);
    expect(phone.tried).toEqual(['K1', 'K2']);
    expect(phone.sent).toEqual(['K1']);
    expect(phone.refused).toEqual([]);
    expect(summary).toEqual({ sent: 1, refused: 0 });
  });

  it('sends nothing from a queue another tab emptied meanwhile (read again inside the lock): nothing to say', async () => {
    const phone = server({});
    expect(await sendInOrder([], phone.send, phone.keep)).toEqual({ sent: 0, refused: 0 });
    expect(phone.send).not.toHaveBeenCalled();
  });

  it('counts what waits to be sent, not the refusals kept for him to see', () => {
    expect(waitingCount([item('K1'), item('K2', 'failed'), item('K3')])).toBe(2);
    expect(waitingCount([])).toBe(0);
  });

  it('counts nothing in a browser without IndexedDB (the sign-in page says nothing then)', async () => {
    expect(typeof indexedDB).toBe('undefined');
    expect(await countWaitingOutcomes()).toBe(0);
  });
});
