import type { ReactNode } from 'react';

/**
 * What reads left to right in every language: a parcel code, an invoice number, a phone number.
 * Isolated from the text around it, so right to left « FL-2026-000001 » does not become
 * « 2026-000001-FL » nor « 06 12 34 » « 34 12 06 »; left to right it changes nothing.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
