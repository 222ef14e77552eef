// Where the phone is, read once, when the browser gives it: for the proof of « Livré » and for
// every outcome of the round. Never in the way: without geolocation, refused, or too slow, it is
// simply null.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PositionBody } from '../../components/parcel/api';

export interface PositionRequestOptions {
  /** GPS rather than the network's estimate (slower, more battery). */
  highAccuracy: boolean;
  /** Given up after this long, whatever the browser does. */
  timeoutMs: number;
  /** A position read this recently will do. */
  maximumAgeMs: number;
}

/** The server's bound on the accuracy (metres): a phone reporting worse says no more than that. */
const MAX_ACCURACY_M = 100_000;

/** One reading of the phone's position: null when the browser has none to give in time. */
export function readPosition({ highAccuracy, timeoutMs, maximumAgeMs }: PositionRequestOptions): Promise<PositionBody | null> {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    // The browser's own timeout leaves out the time its permission prompt stays open: this one
    // does not.
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    const done = (position: PositionBody | null) => {
      window.clearTimeout(timer);
      resolve(position);
    };
    try {
      geolocation.getCurrentPosition(
        ({ coords }) =>
          done(
            Number.isFinite(coords.latitude) && Number.isFinite(coords.longitude)
              ? { latitude: coords.latitude, longitude: coords.longitude, accuracy: Math.min(Math.round(coords.accuracy), MAX_ACCURACY_M) }
              : null,
          ),
        () => done(null),
        { enableHighAccuracy: highAccuracy, timeout: timeoutMs, maximumAge: maximumAgeMs },
      );
    } catch {
      done(null);
    }
  });
}

export type Locating = 'locating' | 'found' | 'none';

/**
 * The phone's position, asked once when the component mounts: whether it is still being read,
 * what it gave, and `settled()`, the reading itself (null once it has nothing), for a sending that
 * may wait for it (never longer than its timeout).
 */
export function usePhonePosition({ highAccuracy, timeoutMs, maximumAgeMs }: PositionRequestOptions): {
  locating: Locating;
  position: PositionBody | null;
  settled: () => Promise<PositionBody | null>;
} {
  const [state, setState] = useState<{ locating: Locating; position: PositionBody | null }>(() => ({
    locating: typeof navigator !== 'undefined' && navigator.geolocation ? 'locating' : 'none',
    position: null,
  }));
  const reading = useRef<Promise<PositionBody | null> | null>(null);

  useEffect(() => {
    let live = true;
    const asked = readPosition({ highAccuracy, timeoutMs, maximumAgeMs });
    reading.current = asked;
    void asked.then((position) => {
      if (live) setState({ locating: position ? 'found' : 'none', position });
    });
    return () => {
      live = false;
    };
  }, [highAccuracy, timeoutMs, maximumAgeMs]);

  const settled = useCallback(() => reading.current ?? Promise.resolve(null), []);
  return { ...state, settled };
}
