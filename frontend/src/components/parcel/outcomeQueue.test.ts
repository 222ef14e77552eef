import { describe, expect, it, vi } from 'vitest';
import { queueOrder, sendInOrder, type QueuedCall, type QueuedItem, type QueuedOutcome, type SendResult } from './outcomeQueue';
import { countWaitingOutcomes, waitingCount } from './outcomeStore';

const item = (parcel: string, state: QueuedOutcome['state'] = 'pending', recordedAt = '2026-11-26T10:00:00.000Z'): QueuedOutcome => ({
  key: `key-${parcel}`,
  user: 'D1',
  parcel,
  status: 'no_answer',
  body: { parcel, status: 'no_answer' },
  recordedAt,
  state,
});

/** A call placed from the round at `at`; named `call:<parcel>` in what the fake server sees. */
const call = (parcel: string, at: string): QueuedCall => ({
  kind: 'call',
  key: `call-${parcel}`,
  user: 'D1',
  parcel,
  body: { started_at: at },
  recordedAt: at,
  state: 'pending',
});

const name = (queued: QueuedItem) => (queued.kind === 'call' ? `call:${queued.parcel}` : queued.parcel);

/** A send answering each item (by name) as told, and what became of each. */
function server(answers: Record<string, SendResult>) {
  const tried: string[] = [];
  const sent: string[] = [];
  const refused: Array<[string, string]> = [];
  return {
    tried,
    sent,
    refused,
    send: vi.fn(async (queued: QueuedItem) => {
      tried.push(name(queued));
      return answers[name(queued)] ?? { kind: 'sent' };
    }),
    keep: {
      sent: async (queued: QueuedItem) => void sent.push(name(queued)),
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

  it('counts what waits to be sent, not the refusals kept for him to see, nor the calls', () => {
    expect(waitingCount([item('K1'), item('K2', 'failed'), item('K3')])).toBe(2);
    expect(waitingCount([item('K1'), call('K1', '2026-11-26T09:59:00.000Z')])).toBe(1);
    expect(waitingCount([])).toBe(0);
  });

  it('puts a call before the outcomes recorded after it, an outcome recorded before it first, old items as outcomes', () => {
    const before = item('K0', 'pending', '2026-11-26T09:58:00.000Z');
    const placed = call('K1', '2026-11-26T09:59:00.000Z');
    const after = item('K1', 'pending', '2026-11-26T10:00:00.000Z');
    // Same instant: the call came first.
    const sameInstant = call('K2', '2026-11-26T10:00:00.000Z');
    expect([after, sameInstant, placed, before].sort(queueOrder).map(name)).toEqual(['K0', 'call:K1', 'call:K2', 'K1']);
  });

  it('sends a call before the outcome after it, and the outcome waits with the call when the call must wait', async () => {
    const queue = [call('K1', '2026-11-26T09:59:00.000Z'), item('K1', 'pending', '2026-11-26T10:00:00.000Z')];
    const online = server({});
    expect(await sendInOrder(queue, online.send, online.keep)).toEqual({ sent: 1, refused: 0 });
    expect(online.tried).toEqual(['call:K1', 'K1']);
    // Calls are not counted as outcomes sent.
    expect(online.sent).toEqual(['call:K1', 'K1']);

    const offline = server({ 'call:K1': { kind: 'later' } });
    expect(await sendInOrder(queue, offline.send, offline.keep)).toEqual({ sent: 0, refused: 0 });
    expect(offline.tried).toEqual(['call:K1']);
    expect(offline.sent).toEqual([]);
  });

  it('drops a call the server refuses (not kept for him to see) and goes on with the queue', async () => {
    const phone = server({ 'call:K1': { kind: 'refused', message: 'Ce colis a quitté votre tournée.' } });
    const summary = await sendInOrder([call('K1', '2026-11-26T09:59:00.000Z'), item('K2')], phone.send, phone.keep);
    expect(phone.tried).toEqual(['call:K1', 'K2']);
    expect(phone.sent).toEqual(['call:K1', 'K2']);
    expect(phone.refused).toEqual([]);
    expect(summary).toEqual({ sent: 1, refused: 0 });
  });

  it('counts nothing in a browser without IndexedDB (the sign-in page says nothing then)', async () => {
    expect(typeof indexedDB).toBe('undefined');
    expect(await countWaitingOutcomes()).toBe(0);
  });
});
