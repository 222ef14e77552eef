// The scan field's sounds, with the Web Audio API: a short high beep for a hit, two middle ones
// for a duplicate, a long low one for a miss. `beepPlan` is the pure part (tested alone);
// `playBeep` schedules it on an AudioContext, and is silent where there is none.
import type { ScanOutcome } from './scan';

export interface Tone {
  /** Hz. */
  frequency: number;
  /** Seconds after the start of the beep. */
  start: number;
  /** Seconds. */
  duration: number;
  type: OscillatorType;
}

/** Volume of every tone (0 to 1): audible in a warehouse without being painful. */
export const BEEP_GAIN = 0.2;

export function beepPlan(outcome: ScanOutcome): Tone[] {
  switch (outcome) {
    case 'hit':
      return [{ frequency: 1320, start: 0, duration: 0.09, type: 'sine' }];
    case 'duplicate':
      return [
        { frequency: 660, start: 0, duration: 0.08, type: 'triangle' },
        { frequency: 660, start: 0.13, duration: 0.08, type: 'triangle' },
      ];
    case 'miss':
      return [{ frequency: 196, start: 0, duration: 0.35, type: 'square' }];
  }
}

/** The part of an AudioContext the beeps use (a fake one in tests). */
export type BeepContext = Pick<AudioContext, 'currentTime' | 'destination' | 'createOscillator' | 'createGain'> & {
  state?: AudioContextState;
  resume?: () => Promise<void>;
};

let shared: BeepContext | null | undefined;

/** One AudioContext for the page (browsers limit how many), made on first use; null without Web Audio. */
export function audioContext(): BeepContext | null {
  if (shared !== undefined) return shared;
  const Context =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  try {
    shared = Context ? new Context() : null;
  } catch {
    shared = null;
  }
  return shared;
}

/** Plays the beep of an outcome; false when there is no sound (no Web Audio, or it failed). */
export function playBeep(outcome: ScanOutcome, context: BeepContext | null = audioContext()): boolean {
  if (!context) return false;
  try {
    // A context made before any click starts suspended; a scan follows a key press, so resume.
    if (context.state === 'suspended') void context.resume?.().catch(() => undefined);
    const now = context.currentTime;
    for (const tone of beepPlan(outcome)) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.type;
      oscillator.frequency.value = tone.frequency;
      gain.gain.value = BEEP_GAIN;
      oscillator.connect(gain);
      gain.connect(context.destination);
      oscillator.start(now + tone.start);
      oscillator.stop(now + tone.start + tone.duration);
    }
    return true;
  } catch {
    return false;
  }
}
