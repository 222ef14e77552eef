import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { useRefusalReveal } from '../../components/form/Form';
import { submitErrors } from '../../components/form/submitErrors';
import { useT } from '../../i18n';
import type { ParcelListArgs, ParcelListView } from '../../components/parcel/api';
import { ShopSelect } from '../../components/parcel/fields';
import type { ParcelColumn } from '../../components/parcel/views';
import type { Shop } from '../../components/shop/api';
import { ParcelPicker } from './ParcelPicker';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';

interface Props {
  open: boolean;
  title: string;
  intro?: ReactNode;
  view: ParcelListView;
  columns: readonly ParcelColumn[];
  /** Fixed filters of the parcel list (e.g. the voucher's shop). */
  params?: Omit<ParcelListArgs, 'view'>;
  /** Several shops: the parcels of one of them only, chosen first (one shop per voucher). */
  shops?: readonly Shop[];
  submitLabel: (count: number) => string;
  /** Sends the keys; throws the failed call's error (`.unwrap()`). */
  onSubmit: (keys: string[]) => Promise<unknown>;
  onDone?: (result: unknown) => void;
  onClose: () => void;
  testId?: string;
}

/**
 * Picks parcels from a server list and sends them (a new voucher, parcels added to one). A 422
 * on `parcels` shows under the list; any other refusal above it: either takes the focus and is
 * said (the shared refusal mechanism of the forms), so it is seen below a long list too.
 */
export function PickParcelsDialog(props: Props) {
  const { open, onClose, testId = 'pick-parcels-dialog' } = props;
  const [busy, setBusy] = useState(false);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} fullWidth maxWidth="lg" fullScreen={phone} data-testid={testId}>
      {open && <PickBody {...props} busy={busy} setBusy={setBusy} />}
    </Dialog>
  );
}

function PickBody({
  title,
  intro,
  view,
  columns,
  params,
  shops,
  submitLabel,
  onSubmit,
  onDone,
  onClose,
  busy,
  setBusy,
}: Props & { busy: boolean; setBusy: (busy: boolean) => void }) {
  const t = useT();
  const choosesShop = (shops?.length ?? 0) > 1;
  // The first shop until one is chosen (also when the shops arrive after the dialog opened).
  const [chosenShop, setShop] = useState('');
  const shop = chosenShop || (choosesShop ? shops![0].key : '');
  const [selected, setSelected] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ parcels?: string; form: string | null }>({ form: null });
  const refusal = useRefusalReveal<HTMLDivElement>({ focusMessage: true });
  const { scope: refusalScope, announcer } = refusal;

  const submit = async () => {
    if (busy || selected.length === 0) return;
    setErrors({ form: null });
    refusal.quiet();
    setBusy(true);
    try {
      const result = await onSubmit(selected);
      setBusy(false);
      onDone?.(result);
      onClose();
    } catch (error) {
      setBusy(false);
      const found = submitErrors(error, [{ name: 'parcels' }], t);
      setErrors({ parcels: found.fields.parcels, form: found.form });
      refusal.handled();
    }
  };

  return (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent ref={refusalScope}>
        {intro && <Box sx={{ mb: 2, color: 'text.secondary' }}>{intro}</Box>}
        {errors.form && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="form-error">
            {errors.form}
          </Alert>
        )}
        {choosesShop && (
          <Box sx={{ maxWidth: 360, mb: 2, pt: 1 }}>
            <ShopSelect
              name="shop"
              label={t('parcels.shop')}
              helperText={t('vouchers.oneShop')}
              shops={shops!}
              value={shop}
              onChange={(key) => {
                setShop(key);
                setSelected([]);
                setErrors({ form: null });
              }}
              disabled={busy}
            />
          </Box>
        )}
        <ParcelPicker
          key={shop}
          view={view}
          params={{ ...params, ...(shop ? { shop } : {}) }}
          columns={columns}
          selected={selected}
          onChange={(keys) => {
            setSelected(keys);
            if (errors.parcels) setErrors((current) => ({ ...current, parcels: undefined }));
          }}
          emptyMessage={t('vouchers.noParcelToPick')}
        />
        {errors.parcels && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="parcels-error">
            {errors.parcels}
          </Alert>
        )}
        {announcer}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} color="secondary">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy || selected.length === 0}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="pick-submit"
        >
          {submitLabel(selected.length)}
        </Button>
      </DialogActions>
    </>
  );
}
