/** "0117 8000 …": a RIB in groups of four digits, easier to read and check; "—" when none. */
export function formatRib(rib: string | null | undefined): string {
  if (!rib) return '—';
  return rib.replace(/(\d{4})(?=\d)/g, '$1 ');
}
