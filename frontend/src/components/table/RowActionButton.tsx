import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { RowAction } from './types';

/**
 * One row action as an icon button, the same in the table and on a phone's card: its accessible
 * name is the verb and the row's name (« Modifier Casablanca »). In the table a tooltip says the
 * verb (a mouse hovers); on a card the button's title does (nothing hovers there).
 */
export function RowActionButton<T>({ action, row, name, tooltip = false }: { action: RowAction<T>; row: T; name: string; tooltip?: boolean }) {
  const button = (
    <IconButton
      size={tooltip ? 'small' : 'medium'}
      color={action.color ?? 'default'}
      aria-label={`${action.label} ${name}`}
      title={tooltip ? undefined : action.label}
      data-testid={`row-action-${action.id}`}
      disabled={action.disabled}
      onClick={() => action.onClick(row)}
    >
      {action.icon}
    </IconButton>
  );
  if (!tooltip) return button;
  // The span lets the tooltip show on a disabled button.
  return (
    <Tooltip title={action.label}>
      <span>{button}</span>
    </Tooltip>
  );
}
