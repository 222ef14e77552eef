import { describe, expect, it, vi } from 'vitest';
import { BEEP_GAIN, beepPlan, playBeep, type BeepContext } from './beep';

/** An AudioContext that records what was scheduled. */
function fakeContext(state: AudioContextState = 'running') {
  const oscillators: Array<{ type: string; frequency: number; start?: number; stop?: number; connected: boolean }> = [];
  const gains: number[] = [];
  const destination = {} as AudioDestinationNode;
  const resume = vi.fn(async () => undefined);
  const context = {
    currentTime: 10,
    destination,
    state,
    resume,
    createOscillator: () => {
      const record = { type: '', frequency: 0, start: undefined as number | undefined, stop: undefined as number | undefined, connected: false };
      oscillators.push(record);
      return {
        set type(value: string) {
          record.type = value;
        },
        frequency: {
          set value(value: number) {
            record.frequency = value;
          },
        },
        connect: () => {
          record.connected = true;
        },
        start: (at: number) => {
          record.start = at;
        },
        stop: (at: number) => {
          record.stop = at;
        },
      } as unknown as OscillatorNode;
    },
    createGain: () => {
      const node = {
        gain: {
          set value(value: number) {
            gains.push(value);
          },
        },
        connect: (target: unknown) => expect(target).toBe(destination),
      };
      return node as unknown as GainNode;
    },
  } as unknown as BeepContext;
  return { context, oscillators, gains, resume };
}

describe('beepPlan', () => {
  it('gives a short high beep for a hit, two middle ones for a duplicate, a long low one for a miss', () => {
    const [hit] = beepPlan('hit');
    const [miss] = beepPlan('miss');
    const duplicate = beepPlan('duplicate');
    expect(beepPlan('hit')).toHaveLength(1);
    expect(beepPlan('miss')).toHaveLength(1);
    expect(duplicate).toHaveLength(2);
    expect(hit.frequency).toBeGreaterThan(duplicate[0].frequency);
    expect(duplicate[0].frequency).toBeGreaterThan(miss.frequency);
    expect(miss.duration).toBeGreaterThan(hit.duration);
    // The two duplicate beeps do not overlap.
    expect(duplicate[1].start).toBeGreaterThan(duplicate[0].start + duplicate[0].duration);
    for (const tone of [...beepPlan('hit'), ...duplicate, ...beepPlan('miss')]) {
      expect(tone.duration).toBeGreaterThan(0);
      expect(tone.duration).toBeLessThanOrEqual(0.5);
    }
  });
});

describe('playBeep', () => {
  it('schedules each tone of the plan from the current time, through a gain, to the speakers', () => {
    const { context, oscillators, gains } = fakeContext();
    expect(playBeep('duplicate', context)).toBe(true);
    const plan = beepPlan('duplicate');
    expect(oscillators).toEqual(
      plan.map((tone) => ({ type: tone.type, frequency: tone.frequency, start: 10 + tone.start, stop: 10 + tone.start + tone.duration, connected: true })),
    );
    expect(gains).toEqual([BEEP_GAIN, BEEP_GAIN]);
  });

  it('resumes a context the browser started suspended', () => {
    const { context, resume, oscillators } = fakeContext('suspended');
    expect(playBeep('hit', context)).toBe(true);
    expect(resume).toHaveBeenCalled();
    expect(oscillators).toHaveLength(1);
  });

  it('stays silent, without failing, where there is no Web Audio or it fails', () => {
    expect(playBeep('miss', null)).toBe(false);
    const broken = { ...fakeContext().context, createOscillator: () => { throw new Error('closed'); } } as BeepContext;
    expect(playBeep('miss', broken)).toBe(false);
    // jsdom has no AudioContext: the default context is none.
    expect(playBeep('hit')).toBe(false);
  });
});
