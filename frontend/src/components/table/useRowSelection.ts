import { useState } from 'react';

export interface RowSelection<T> {
  /** The selected keys, in the order they were selected. */
  selected: string[];
  /** The selected rows (a selection may span pages: rows seen on earlier pages are kept). */
  rows: T[];
  /**
   * Sets the selection from the table's keys; `pageRows` are the rows shown now (new keys come
   * from there). Returns the selected rows.
   */
  select: (keys: readonly string[], pageRows: readonly T[]) => T[];
}

/** A DataTable selection that keeps the selected rows, not only their keys. */
export function useRowSelection<T>(rowKey: (row: T) => string): RowSelection<T> {
  const [picked, setPicked] = useState<ReadonlyMap<string, T>>(new Map());
  const select = (keys: readonly string[], pageRows: readonly T[]) => {
    const next = new Map<string, T>();
    for (const key of keys) {
      const row = picked.get(key) ?? pageRows.find((candidate) => rowKey(candidate) === key);
      if (row !== undefined) next.set(key, row);
    }
    setPicked(next);
    return [...next.values()];
  };
  return { selected: [...picked.keys()], rows: [...picked.values()], select };
}
