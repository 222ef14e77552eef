import Chip from '@mui/material/Chip';
import { useT } from '../i18n';
import '../i18n/screens';

/** "Actif" / "Inactif". */
export function ActiveChip({ active, activeLabel, inactiveLabel }: { active: boolean; activeLabel?: string; inactiveLabel?: string }) {
  const t = useT();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? activeLabel ?? t('crud.active') : inactiveLabel ?? t('crud.inactive')}
      data-testid="active-chip"
      data-active={active}
    />
  );
}
