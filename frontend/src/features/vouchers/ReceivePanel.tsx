import Inventory from '@mui/icons-material/InventoryOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import type { Notify } from '../../components/NoticeSnackbar';
import { useT } from '../../i18n';
import { useReceivePickupVoucherMutation, useReceiveReturnVoucherMutation, type VoucherDetail } from '../../components/voucher/api';
import { matchScan, type ScanOutcome } from '../../components/voucher/scan';
import { ScanField, type ScanResult } from '../../components/voucher/ScanField';
import { VoucherParcels } from './VoucherParcels';
import '../../i18n/vouchers';

// Two identical animations: switching from one to the other restarts the flash on the same row.
const flashA = keyframes`from { background-color: var(--scan-flash); } to { background-color: transparent; }`;
const flashB = keyframes`from { background-color: var(--scan-flash); } to { background-color: transparent; }`;

/** Scrolls the row of a parcel of the voucher (a tracking code) into view, where the browser can. */
function revealRow(code: string) {
  const row = document.querySelector(`[data-testid="voucher-parcels"] [data-key="${code}"]`);
  if (row && 'scrollIntoView' in row && typeof row.scrollIntoView === 'function') row.scrollIntoView({ block: 'nearest' });
}

/**
 * Receiving a pickup or return voucher: its parcels ticked by clicking or by scanning, then
 * "Réceptionner". Pickup: the ticked parcels are picked up, the others go back to new. Return:
 * every parcel comes back; the ticks only check that each one is there.
 */
export function ReceivePanel({ voucher, notify }: { voucher: VoucherDetail; notify: Notify }) {
  const t = useT();
  const [ticked, setTicked] = useState<string[]>([]);
  // Scans arrive faster than renders: the latest ticks are read from here.
  const latest = useRef<string[]>([]);
  const [flash, setFlash] = useState<{ key: string; outcome: ScanOutcome; nonce: number } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [receivePickup] = useReceivePickupVoucherMutation();
  const [receiveReturn] = useReceiveReturnVoucherMutation();
  const keys = voucher.parcels.map((parcel) => parcel.key);
  const total = keys.length;
  const pickup = voucher.kind === 'pickup';

  const update = (next: string[]) => {
    latest.current = next;
    setTicked(next);
  };

  const onScan = (raw: string): ScanResult | null => {
    const match = matchScan(raw, keys, new Set(latest.current));
    if (!match) return null;
    const { code, outcome } = match;
    if (outcome === 'hit') update([...latest.current, code]);
    if (outcome !== 'miss') {
      setFlash((current) => ({ key: code, outcome, nonce: (current?.nonce ?? 0) + 1 }));
      revealRow(code);
    }
    const message =
      outcome === 'hit'
        ? t('scan.hit', { code, count: latest.current.length, total })
        : outcome === 'duplicate'
          ? t('scan.duplicate', { code })
          : t('scan.missVoucher', { code });
    return { outcome, message };
  };

  const rest = total - ticked.length;
  const receive = () =>
    pickup ? receivePickup({ voucher: voucher.key, parcels: ticked }).unwrap() : receiveReturn(voucher.key).unwrap();

  return (
    <Stack spacing={2} data-testid="receive-panel">
      <Box>
        <ScanField label={t('scan.label')} helperText={t('scan.help')} onScan={onScan} disabled={total === 0} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <LinearProgress
            variant="determinate"
            value={total === 0 ? 0 : (ticked.length * 100) / total}
            color={ticked.length === total && total > 0 ? 'success' : 'primary'}
            sx={{ flexGrow: 1, height: 8, borderRadius: 4 }}
            aria-label={t('vouchers.receive.progressLabel')}
          />
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="receive-progress">
            {t('vouchers.receive.progress', { count: ticked.length, total })}
          </Typography>
        </Stack>
      </Box>
      {total === 0 && <Alert severity="info">{t('vouchers.receive.empty')}</Alert>}
      <VoucherParcels
        voucher={voucher}
        selection={{ selected: ticked, onChange: update }}
        onRowClick={(parcel) =>
          update(latest.current.includes(parcel.key) ? latest.current.filter((key) => key !== parcel.key) : [...latest.current, parcel.key])
        }
        rowSx={(parcel) =>
          flash?.key === parcel.key
            ? (theme) => ({
                '--scan-flash': flash.outcome === 'hit' ? theme.palette.success.light : theme.palette.warning.light,
                animation: `${flash.nonce % 2 ? flashA : flashB} 1.4s ease-out`,
              })
            : undefined
        }
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          color="success"
          startIcon={<Inventory />}
          disabled={pickup ? ticked.length === 0 : total === 0}
          onClick={() => setConfirming(true)}
          data-testid="receive-button"
        >
          {t('vouchers.receive.button')}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('vouchers.receive.title', { key: voucher.key })}
        color="success"
        confirmLabel={t('vouchers.receive.button')}
        testId="receive-confirm"
        body={
          <Stack spacing={1.5}>
            <span data-testid="receive-summary">
              {pickup ? t('vouchers.receive.pickedUp', { count: ticked.length }) : t('vouchers.receive.returned', { count: total })}
            </span>
            {rest > 0 && (
              <Alert severity="warning" data-testid="receive-rest">
                {pickup ? t('vouchers.receive.backToNew', { count: rest }) : t('vouchers.receive.unchecked', { count: rest })}
              </Alert>
            )}
          </Stack>
        }
        onConfirm={receive}
        onDone={() => notify(t('vouchers.receive.done', { key: voucher.key }))}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
