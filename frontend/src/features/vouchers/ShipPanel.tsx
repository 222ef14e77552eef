import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import RemoveCircleOutline from '@mui/icons-material/RemoveCircleOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { errorStatus } from '../../core/api';
import { useAppDispatch } from '../../core/hooks';
import { ConfirmDialog } from '../../components/form/ConfirmDialog';
import { useRefusalReveal } from '../../components/form/Form';
import { failureMessage } from '../../components/form/failureMessage';
import { submitErrors } from '../../components/form/submitErrors';
import { CashBreakdown } from '../../components/CashBreakdown';
import { cashOfParcels } from '../../components/cash';
import { DataTable, type Column } from '../../components/table/DataTable';
import { localResult } from '../../components/table/localList';
import { useListState } from '../../components/table/useListState';
import { useT, type Translate } from '../../i18n';
import { parcelsApi, type Parcel } from '../../components/parcel/api';
import { useStatusLabel } from '../../components/parcel/ParcelStatusChip';
import { parcelColumns } from '../../components/parcel/columns';
import { DeliveryPersonAutocomplete, type DeliveryPersonOption } from '../../components/parcel/DeliveryPersonAutocomplete';
import { useShipParcelsMutation, type VoucherDetail } from '../../components/voucher/api';
import { ParcelPicker } from './ParcelPicker';
import { matchScan } from '../../components/voucher/scan';
import { ScanField, type ScanResult } from '../../components/voucher/ScanField';
import '../../i18n/parcels';
import '../../i18n/screens';
import '../../i18n/vouchers';

interface Errors {
  delivery_admin?: string;
  parcels?: string;
  form: string | null;
}

/** "Hors zone" on a parcel of a city the delivery person does not serve. */
function zoneColumn(outOfZone: (parcel: Parcel) => boolean, t: Translate): Column<Parcel> {
  return {
    id: 'zone',
    label: t('vouchers.ship.zone'),
    render: (parcel) => (
      outOfZone(parcel) ? <Chip size="small" color="warning" label={t('vouchers.ship.outOfZone')} data-testid="out-of-zone" /> : null
    ),
  };
}

/**
 * A new exit voucher: the delivery person, then his parcels, then "Expédier" and its
 * confirmation (PUT /api/parcels/delivery). The parcels to ship are one list: a scanned parcel
 * is ticked in the picker, a ticked one is on the list, unticking or "Retirer" takes it off.
 * A parcel of a city he does not serve is flagged and needs "Forcer".
 */
export function ShipPanel({ onShipped }: { onShipped: (voucher: VoucherDetail) => void }) {
  const t = useT();
  const statusLabel = useStatusLabel();
  const dispatch = useAppDispatch();
  const [deliveryPerson, setDeliveryPerson] = useState<DeliveryPersonOption | null>(null);
  const [toShip, setToShip] = useState<Parcel[]>([]);
  // Scans arrive faster than renders: the latest list and the codes being looked up.
  const latest = useRef<Parcel[]>([]);
  const pending = useRef(new Set<string>());
  const [force, setForce] = useState(false);
  const [errors, setErrors] = useState<Errors>({ form: null });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // A refusal shows on the panel (under the delivery person, or under the list), once the
  // confirmation has closed: then the field or the alert takes the focus and is said.
  const refusal = useRefusalReveal<HTMLDivElement>({ focusMessage: true });
  const { scope: refusalScope, announcer } = refusal;
  const refusedWhileConfirming = useRef(false);
  const [ship] = useShipParcelsMutation();
  const list = useListState({ perPage: 100, url: false });

  const served = new Set((deliveryPerson?.cities ?? []).map((city) => city.key));
  const outOfZone = (parcel: Parcel) => deliveryPerson !== null && !served.has(parcel.city);
  const flagged = toShip.filter(outOfZone).length;
  const cash = cashOfParcels(toShip);

  const update = (next: Parcel[]) => {
    latest.current = next;
    setToShip(next);
    setErrors((current) => (current.parcels || current.form ? { ...current, parcels: undefined, form: null } : current));
  };
  const add = (parcels: readonly Parcel[]) => {
    const known = new Set(latest.current.map((parcel) => parcel.key));
    update([...latest.current, ...parcels.filter((parcel) => !known.has(parcel.key))]);
  };
  /** The picker's ticks: `keys` is the whole list after a tick or an untick. */
  const pick = (keys: readonly string[], parcels: readonly Parcel[]) => {
    const ticked = new Set(keys);
    const kept = latest.current.filter((parcel) => ticked.has(parcel.key));
    const known = new Set(kept.map((parcel) => parcel.key));
    update([...kept, ...parcels.filter((parcel) => !known.has(parcel.key))]);
  };

  const onScan = async (raw: string): Promise<ScanResult | null> => {
    const match = matchScan(raw, null, new Set([...latest.current.map((parcel) => parcel.key), ...pending.current]));
    if (!match) return null;
    const { code } = match;
    if (match.outcome === 'duplicate') return { outcome: 'duplicate', message: t('scan.alreadyListed', { code }) };
    pending.current.add(code);
    try {
      const { data: parcel } = await dispatch(parcelsApi.endpoints.getParcel.initiate(code, { subscribe: false, forceRefetch: true })).unwrap();
      if (parcel.status !== 'picked_up') return { outcome: 'miss', message: t('scan.notPickedUp', { code, status: statusLabel(parcel.status, parcel.status_label) }) };
      add([parcel]);
      return {
        outcome: 'hit',
        message: outOfZone(parcel)
          ? t('scan.addedOutOfZone', { code, city: parcel.city_name })
          : t('scan.added', { code, count: latest.current.length }),
      };
    } catch (error) {
      return { outcome: 'miss', message: errorStatus(error) === 404 ? t('scan.unknown', { code }) : failureMessage(error, t) };
    } finally {
      pending.current.delete(code);
    }
  };

  /**
   * Sends the list (after the confirmation); a refusal closes the confirmation and shows on the
   * panel (under the delivery person field, or under the list), never throws.
   */
  const submit = async () => {
    if (!deliveryPerson || toShip.length === 0 || busy) return;
    setErrors({ form: null });
    refusal.quiet();
    setBusy(true);
    try {
      const result = await ship({ delivery_admin: deliveryPerson.key, parcels: toShip.map((parcel) => parcel.key), force }).unwrap();
      setBusy(false);
      update([]);
      setForce(false);
      onShipped(result.data);
    } catch (error) {
      setBusy(false);
      const found = submitErrors(error, [{ name: 'parcels' }, { name: 'delivery_admin' }], t);
      setErrors({ ...found.fields, form: found.form });
      setConfirming(false);
      refusedWhileConfirming.current = true;
    }
  };

  const cities = deliveryPerson?.cities ?? [];
  return (
    <Card data-testid="ship-panel" ref={refusalScope}>
      <CardContent sx={{ display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography variant="h6" component="h2">
            {t('vouchers.ship.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('vouchers.ship.intro')}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ width: { xs: '100%', md: 360 } }}>
            <DeliveryPersonAutocomplete
              name="delivery_admin"
              label={t('parcels.deliveryPerson')}
              required
              value={deliveryPerson}
              error={errors.delivery_admin}
              onChange={(option) => {
                setDeliveryPerson(option);
                setForce(false);
                setErrors({ form: null });
              }}
            />
          </Box>
          {deliveryPerson && (
            <Typography variant="body2" data-testid="delivery-person-cities">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t('vouchers.ship.serves')}
              </Box>{' '}
              {cities.length === 0 ? t('vouchers.ship.noCity') : cities.map((city) => city.name).join(', ')}
            </Typography>
          )}
        </Stack>

        {!deliveryPerson ? (
          <Alert severity="info">{t('vouchers.ship.chooseFirst')}</Alert>
        ) : (
          // Side by side from the widest screens only: below, each half would cut its table (the
          // amounts, the zone, the remove action at 1366 px).
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'repeat(2, minmax(0, 1fr))' }, alignItems: 'start' }}>
            <Box sx={{ minWidth: 0 }}>
              <ScanField label={t('scan.labelPickedUp')} helperText={t('scan.help')} onScan={onScan} />
              <Typography variant="subtitle2" component="h3" sx={{ mt: 1, mb: 1 }}>
                {t('vouchers.ship.pickTitle')}
              </Typography>
              <ParcelPicker
                key={deliveryPerson.key}
                testId="ship-picker"
                view="pickup"
                columns={['code', 'recipient', 'city', 'amount']}
                initialFilters={{ city: cities[0]?.key ?? '' }}
                tabs={
                  cities.length > 0
                    ? {
                        filter: 'city',
                        options: [...cities.map((city) => ({ value: city.key, label: city.name })), { value: '', label: t('vouchers.ship.allCities') }],
                      }
                    : undefined
                }
                extraColumns={[zoneColumn(outOfZone, t)]}
                selected={toShip.map((parcel) => parcel.key)}
                onChange={pick}
                emptyMessage={t('vouchers.ship.noPickedUp')}
              />
            </Box>
            <Box sx={{ minWidth: 0 }} data-testid="ship-list">
              <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', mb: 1, gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="subtitle2" component="h3" data-testid="ship-count">
                  {t('vouchers.ship.listCount', { count: toShip.length })}
                </Typography>
                <Typography variant="body2" color="text.secondary" component="div">
                  <CashBreakdown figures={cash} variant="inline" testId="ship-cash" />
                </Typography>
              </Stack>
              <DataTable<Parcel>
                embedded
                testId="ship-table"
                columns={[...parcelColumns(['code', 'recipient', 'city', 'amount'], t), zoneColumn(outOfZone, t)]}
                list={list}
                result={localResult(toShip, list, { isFetching: false, isError: false, refetch: () => undefined })}
                rowKey={(parcel) => parcel.key}
                rowActions={() => [
                  {
                    id: 'remove',
                    label: t('vouchers.ship.removeFromList'),
                    icon: <RemoveCircleOutline fontSize="small" />,
                    onClick: (parcel) => update(latest.current.filter((item) => item.key !== parcel.key)),
                  },
                ]}
                emptyMessage={t('vouchers.ship.empty')}
              />
              {flagged > 0 && (
                <Alert severity="warning" sx={{ mt: 2 }} data-testid="ship-force-box">
                  <Box>{t('vouchers.ship.flagged', { count: flagged, name: deliveryPerson.name })}</Box>
                  <FormControlLabel
                    control={<Checkbox checked={force} onChange={(event) => setForce(event.target.checked)} slotProps={{ input: { 'data-testid': 'ship-force' } as object }} />}
                    label={t('vouchers.ship.force')}
                  />
                </Alert>
              )}
              {errors.parcels && (
                <Alert severity="error" sx={{ mt: 2 }} data-testid="parcels-error">
                  {errors.parcels}
                </Alert>
              )}
              {errors.form && (
                <Alert severity="error" sx={{ mt: 2 }} data-testid="form-error">
                  {errors.form}
                </Alert>
              )}
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
                <Button
                  variant="contained"
                  startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <LocalShipping />}
                  disabled={busy || toShip.length === 0}
                  onClick={() => setConfirming(true)}
                  data-testid="ship-submit"
                >
                  {t('vouchers.ship.submit', { count: toShip.length })}
                </Button>
              </Box>
              <ConfirmDialog
                open={confirming}
                title={t('vouchers.ship.confirmTitle')}
                body={
                  <Stack spacing={1.5}>
                    <span>{t('vouchers.ship.confirm', { count: toShip.length, name: deliveryPerson.name })}</span>
                    <CashBreakdown figures={cash} testId="ship-confirm-cash" />
                  </Stack>
                }
                confirmLabel={t('vouchers.ship.confirmSubmit')}
                cancelLabel={t('vouchers.ship.confirmBack')}
                color="primary"
                onConfirm={submit}
                onClose={() => setConfirming(false)}
                onExited={() => {
                  if (!refusedWhileConfirming.current) return;
                  refusedWhileConfirming.current = false;
                  refusal.handled();
                }}
                testId="ship-confirm"
              />
            </Box>
          </Box>
        )}
        {announcer}
      </CardContent>
    </Card>
  );
}
