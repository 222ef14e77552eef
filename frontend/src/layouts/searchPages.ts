import { SEARCH_MAX_RESULTS_PER_TYPE } from '../theme/constants';

export interface SearchEntry {
  /** Route name. */
  name: string;
  title: string;
  path: string;
}

/** Lower case, accents removed: "Échanges" matches "echanges". */
export function normalize(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Pages matching the query (every word must appear in the title or the path), at most
 * `limit` of them. An empty query suggests the first pages.
 */
export function searchPages(
  entries: readonly SearchEntry[],
  query: string,
  limit: number = SEARCH_MAX_RESULTS_PER_TYPE,
): SearchEntry[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return entries.slice(0, limit);
  const scored: Array<{ entry: SearchEntry; score: number }> = [];
  for (const entry of entries) {
    const title = normalize(entry.title);
    const haystack = `${title} ${normalize(entry.path)}`;
    if (!words.every((word) => haystack.includes(word))) continue;
    // Titles starting with the query come first.
    const score = title.startsWith(words[0]) ? 0 : title.includes(words[0]) ? 1 : 2;
    scored.push({ entry, score });
  }
  return scored
    .sort((a, b) => a.score - b.score)
    .slice(0, limit)
    .map(({ entry }) => entry);
}

/** Ctrl+Shift+/ opens the search (the slash key gives "?" with Shift on many layouts). */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'shiftKey' | 'key' | 'code'>): boolean {
  return event.ctrlKey && event.shiftKey && (event.code === 'Slash' || event.key === '/' || event.key === '?');
}
