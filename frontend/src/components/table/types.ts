import type { IconButtonProps } from '@mui/material/IconButton';
import type { ReactNode } from 'react';

/**
 * The shapes the table and its phone cards share: its columns, row actions and selection. Apart
 * from both so that neither imports the other for them.
 */

/** Where a column shows on a card: its title, a badge beside the title, or not at all. */
export type CardSlot = 'title' | 'badge' | 'hidden';

export interface Column<T> {
  id: string;
  label: string;
  /** Server sort column (`?sort=`); makes the header clickable. */
  sortKey?: string;
  /** Cell content; by default the row's field named `id`. */
  render?: (row: T) => ReactNode;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * Its values stay on one line (a code, an amount): the column is as wide as its widest value,
   * no wider (what else the cell holds goes below, on lines of its own).
   */
  nowrap?: boolean;
  /** The narrowest the column gets (a name: wide enough to take two lines at most). */
  minWidth?: number;
  /** On a phone's card: the heading (default: the first column), a badge beside it, or hidden. */
  card?: CardSlot;
}

export interface RowAction<T> {
  id: string;
  /** Short verb ("Modifier"); the button's accessible name adds the row's name. */
  label: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  color?: IconButtonProps['color'];
  disabled?: boolean;
}

/** Row selection (bulk actions): the selected row keys, kept by the screen. */
export interface TableSelection {
  selected: readonly string[];
  onChange: (keys: string[]) => void;
}
