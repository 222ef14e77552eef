import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useT } from '../../i18n';
import { openLabels, type LabelLayout } from '../../components/parcel/api';
import '../../i18n/parcels';

interface Props {
  keys: readonly string[];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  label?: string;
}

/** "Imprimer les étiquettes": a menu of the two layouts, opening the PDF in a pop-up window. */
export function LabelsButton({ keys, variant = 'outlined', size = 'small', label }: Props) {
  const t = useT();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const print = (layout: LabelLayout) => {
    setAnchor(null);
    openLabels(keys, layout);
  };
  return (
    <>
      <Button
        variant={variant}
        size={size}
        startIcon={<PrintOutlined />}
        endIcon={<ArrowDropDown />}
        disabled={keys.length === 0}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="labels-button"
      >
        {label ?? t('parcels.labels.print')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => print('a6')} data-testid="labels-a6">
          <ListItemText primary={t('parcels.labels.a6')} secondary={t('parcels.labels.a6Help')} />
        </MenuItem>
        <MenuItem onClick={() => print('a4')} data-testid="labels-a4">
          <ListItemText primary={t('parcels.labels.a4')} secondary={t('parcels.labels.a4Help')} />
        </MenuItem>
      </Menu>
    </>
  );
}
