import { DateText } from '../DateText';
import { MoneyText } from '../MoneyText';
import type { Column } from './DataTable';

type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/** A column of centimes shown in dirhams, right-aligned. */
export function moneyColumn<T>(id: KeysOf<T, number>, label: string, sortKey?: string): Column<T> {
  return { id, label, sortKey, align: 'right', render: (row) => <MoneyText centimes={row[id] as number} /> };
}

/** A column of timestamps shown as dates. */
export function dateColumn<T>(id: KeysOf<T, string | null>, label: string, sortKey?: string): Column<T> {
  return { id, label, sortKey, render: (row) => <DateText value={row[id] as string | null} /> };
}
