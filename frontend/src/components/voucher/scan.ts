// What a barcode scanner typed, matched against the parcels expected: the scan field's rules,
// kept free of UI so they are tested alone.

/** hit: expected and not yet scanned; miss: not expected here; duplicate: already scanned. */
export type ScanOutcome = 'hit' | 'miss' | 'duplicate';

export interface ScanMatch {
  /** The tracking code read (normalised). */
  code: string;
  outcome: ScanOutcome;
}

/**
 * The tracking code in what a scanner (or a person) typed: spaces dropped, upper case; a
 * tracking link (`…/suivi/CLV7K3QX9M2`) gives its last segment.
 */
export function normalizeScan(raw: string): string {
  const text = raw.trim().replace(/[?#].*$/, '').replace(/\/+$/, '');
  return text.slice(text.lastIndexOf('/') + 1).replace(/\s+/g, '').toUpperCase();
}

/**
 * Matches one scan. `expected`: the codes that belong here (the parcels of a voucher), or null
 * when any code may (it is then checked elsewhere, e.g. on the server). `done`: the codes
 * already scanned or ticked. Null for an empty scan.
 */
export function matchScan(raw: string, expected: Iterable<string> | null, done: ReadonlySet<string>): ScanMatch | null {
  const code = normalizeScan(raw);
  if (!code) return null;
  if (done.has(code)) return { code, outcome: 'duplicate' };
  if (expected !== null && !new Set(expected).has(code)) return { code, outcome: 'miss' };
  return { code, outcome: 'hit' };
}
