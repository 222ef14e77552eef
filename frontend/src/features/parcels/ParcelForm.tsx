import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorBody, errorStatus, fieldErrors } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { Form } from '../../components/form/Form';
import { phoneError } from '../../components/form/phone';
import { FormTextField } from '../../components/FormTextField';
import { CURRENCY_SYMBOL, parseMoney } from '../../components/money';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import type { CityOption } from '../../components/city/CityAutocomplete';
import { useStockService } from '../../components/inventory/api';
import { lineBodies, lineErrors, StockLinesEditor, type StockLine } from '../../components/inventory/StockLinesEditor';
import type { Shop } from '../../components/shop/api';
import { useCreateParcelMutation, type ParcelBody, type ParcelKind } from '../../components/parcel/api';
import { CityField, ShopSelect } from '../../components/parcel/fields';
import { LabelsButton } from './LabelsButton';
import { RecipientHistoryNote } from './RecipientHistoryNote';
import { PARCEL_PARAM } from '../../components/parcel/views';
import '../../i18n/inventory';
import '../../i18n/parcels';
import '../../i18n/screens';

interface Values {
  shop: string;
  recipient_name: string;
  recipient_phone: string;
  recipient_phone_alt: string;
  city: CityOption | null;
  address: string;
  cod_amount: string;
  product: string;
  quantity: string;
  reference: string;
  note: string;
  can_open: boolean;
  can_try: boolean;
  fragile: boolean;
  kind: ParcelKind;
  original_parcel: string;
  item_to_collect: string;
}

function empty(keep: Partial<Values> = {}): Values {
  return {
    shop: '',
    recipient_name: '',
    recipient_phone: '',
    recipient_phone_alt: '',
    city: null,
    address: '',
    cod_amount: '',
    product: '',
    quantity: '1',
    reference: '',
    note: '',
    can_open: false,
    can_try: false,
    fragile: false,
    kind: 'standard',
    original_parcel: '',
    item_to_collect: '',
    ...keep,
  };
}

/** The request body of the form values (money in centimes, empty optional fields left out). */
export function parcelBody(values: Values, shop: string, centimes: number | null): ParcelBody {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  const body: ParcelBody = {
    shop,
    recipient_name: values.recipient_name.trim(),
    recipient_phone: values.recipient_phone.trim(),
    recipient_phone_alt: optional(values.recipient_phone_alt),
    city: values.city?.key ?? '',
    address: values.address.trim(),
    cod_amount: centimes,
    product: values.product.trim(),
    quantity: Number.parseInt(values.quantity, 10) || 1,
    reference: optional(values.reference),
    note: optional(values.note),
    can_open: values.can_open,
    can_try: values.can_try,
    fragile: values.fragile,
    kind: values.kind,
  };
  if (values.kind !== 'standard') {
    body.original_parcel = optional(values.original_parcel)?.toUpperCase();
    body.item_to_collect = optional(values.item_to_collect);
  }
  return body;
}

const FIELDS: ReadonlyArray<keyof Values> = [
  'shop',
  'recipient_name',
  'recipient_phone',
  'recipient_phone_alt',
  'city',
  'address',
  'cod_amount',
  'product',
  'quantity',
  'reference',
  'note',
  'kind',
  'original_parcel',
  'item_to_collect',
];

/**
 * The merchant's quick entry form: keyboard only (the name field has the focus, Enter saves and
 * starts the next parcel with the same shop and city), server messages under each field.
 */
export function ParcelForm({ shops }: { shops: readonly Shop[] }) {
  const t = useT();
  const navigate = useNavigate();
  const session = useAppSelector(selectSessionInfo);
  const [create] = useCreateParcelMutation();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(() => empty());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [created, setCreated] = useState<string[]>([]);
  // The merchant's stock service: its lines section shows once it is active.
  const stockHeld = session.role === 'client' && session.permissions.includes('inventory-management');
  const { service } = useStockService(!stockHeld);
  const stockActive = service?.status === 'active';
  const [stockLines, setStockLines] = useState<StockLine[]>([]);
  const [stockErrors, setStockErrors] = useState<Record<string, string>>({});
  // One shop: it is the shop; several: the merchant picks one.
  const shop = values.shop || (shops.length === 1 ? shops[0].key : '');

  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: '' }));
  };
  // The field to focus once the form is enabled again after a save (a disabled input cannot
  // take the focus, so this waits for the render that enables it).
  const [focusRequest, setFocusRequest] = useState<{ name: string; at: number } | null>(null);
  useEffect(() => {
    if (focusRequest && !saving) formRef.current?.querySelector<HTMLElement>(`[name="${focusRequest.name}"]`)?.focus();
  }, [focusRequest, saving]);
  const focusName = () => setFocusRequest({ name: 'recipient_name', at: Date.now() });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const andGo = submitter?.name === 'save';
    const local: Record<string, string> = {};
    const centimes = parseMoney(values.cod_amount);
    if (Number.isNaN(centimes)) local.cod_amount = t('form.invalidAmount');
    if (!shop) local.shop = t('parcels.form.chooseShop');
    for (const name of ['recipient_phone', 'recipient_phone_alt'] as const) {
      const wrong = phoneError(values[name], t);
      if (wrong) local[name] = wrong;
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    setErrors({});
    setStockErrors({});
    setFormError(null);
    setSaving(true);
    try {
      const body = parcelBody(values, shop, centimes);
      const lines = stockActive ? lineBodies(stockLines) : [];
      if (lines.length > 0) body.stock_lines = lines;
      const result = await create(body).unwrap();
      setSaving(false);
      const key = result.data.key;
      setCreated((current) => [key, ...current]);
      if (andGo) {
        // An order the company's agents confirm first waits « à confirmer », not among the new parcels.
        const lists = result.data.status === 'to_confirm' ? ['to-confirm-parcels', 'all-parcels'] : ['new-parcels', 'all-parcels'];
        const list = lists.map((name) => pathOf(name, session)).find((path) => path !== NOT_FOUND_PATH);
        if (list) {
          navigate(`${list}?${PARCEL_PARAM}=${encodeURIComponent(key)}`);
          return;
        }
      }
      setValues(empty({ shop: values.shop, city: values.city }));
      setStockLines([]);
      focusName();
    } catch (error) {
      setSaving(false);
      const status = errorStatus(error);
      if (status === 422) {
        const found = fieldErrors(error);
        const placed: Record<string, string> = {};
        const unplaced: string[] = [];
        const stock = lineErrors(found, 'stock_lines', stockLines);
        for (const [key, message] of Object.entries(found)) {
          if ((FIELDS as readonly string[]).includes(key)) placed[key] = message;
          else if (!(/^stock_lines\.\d+\./.test(key) && Object.keys(stock).length > 0)) unplaced.push(message);
        }
        setErrors(placed);
        setStockErrors(stock);
        const anyPlaced = Object.keys(placed).length > 0 || Object.keys(stock).length > 0;
        setFormError(unplaced.length > 0 ? unplaced.join(' ') : !anyPlaced ? errorBody(error)?.message ?? t('error.generic') : null);
      } else {
        setFormError(status === 'FETCH_ERROR' ? t('error.network') : errorBody(error)?.message ?? t('error.generic'));
      }
    }
  };

  // maxLength: the server's limits (crates/parcels/src/parcel/validate.rs), so a paste is cut
  // where the server would refuse it.
  const text = (name: keyof Values, label: string, options: { required?: boolean; autoFocus?: boolean; type?: string; inputMode?: 'tel' | 'numeric' | 'decimal'; helper?: string; wide?: boolean; maxLength?: number; below?: ReactNode } = {}) => (
    <Box sx={{ gridColumn: options.wide ? '1 / -1' : undefined }} data-testid={`field-${name}`}>
      <FormTextField
        name={name}
        label={label}
        type={options.type ?? 'text'}
        required={options.required}
        autoFocus={options.autoFocus}
        autoComplete="off"
        value={String(values[name] ?? '')}
        onChange={(event) => set(name, event.target.value as never)}
        error={Boolean(errors[name])}
        helperText={errors[name] || options.helper}
        disabled={saving}
        inputProps={options.inputMode || options.maxLength ? { inputMode: options.inputMode, maxLength: options.maxLength } : undefined}
        endAdornment={name === 'cod_amount' ? <InputAdornment position="end">{CURRENCY_SYMBOL}</InputAdornment> : undefined}
      />
      {options.below}
    </Box>
  );

  return (
    <Form ref={formRef} onSubmit={submit} data-testid="parcel-form">
      {created.length > 0 && (
        <Alert
          severity="success"
          sx={{ mb: 3 }}
          data-testid="parcel-created"
          action={<LabelsButton keys={created} variant="text" label={t('parcels.form.printCreated', { count: created.length })} />}
        >
          {t('parcels.form.created', { code: created[0] })}{' '}
          {created.length > 1 && (
            <Typography component="span" variant="body2" sx={{ opacity: 0.8 }}>
              {t('parcels.form.createdCount', { count: created.length })}
            </Typography>
          )}
        </Alert>
      )}
      {formError && (
        <Alert severity="error" sx={{ mb: 3 }} data-testid="form-error">
          {formError}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {shops.length > 1 && (
          <Box sx={{ gridColumn: '1 / -1' }} data-testid="field-shop">
            <ShopSelect name="shop" label={t('parcels.shop')} required shops={shops} value={shop} onChange={(key) => set('shop', key)} error={errors.shop} disabled={saving} />
          </Box>
        )}
        {shops.length <= 1 && errors.shop && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
            {errors.shop}
          </Alert>
        )}
        {text('recipient_name', t('parcels.recipientName'), { required: true, autoFocus: true, maxLength: 100 })}
        {text('recipient_phone', t('parcels.phone'), {
          required: true,
          type: 'tel',
          inputMode: 'tel',
          helper: t('parcels.form.phoneHelp'),
          // The recipient's history across every merchant, once the number is complete.
          below: <RecipientHistoryNote phone={values.recipient_phone} />,
        })}
        {text('recipient_phone_alt', t('parcels.phoneAlt'), { type: 'tel', inputMode: 'tel' })}
        <Box data-testid="field-city">
          <CityField name="city" label={t('parcels.city')} required value={values.city} onChange={(city) => set('city', city)} error={errors.city} disabled={saving} />
        </Box>
        {text('address', t('parcels.address'), { required: true, wide: true, maxLength: 255 })}
        {text('cod_amount', t(values.kind === 'refund' ? 'parcels.form.amountRefund' : 'parcels.form.amount'), { required: true, inputMode: 'decimal', helper: t('parcels.form.amountHelp') })}
        {text('product', t('parcels.product'), { required: true, maxLength: 255 })}
        {text('quantity', t('parcels.quantity'), { inputMode: 'numeric' })}
        {text('reference', t('parcels.reference'), { helper: t('parcels.form.referenceHelp'), maxLength: 64 })}
        {text('note', t('parcels.note'), { wide: true, maxLength: 500 })}

        <FormControl component="fieldset" sx={{ gridColumn: '1 / -1' }}>
          <FormLabel component="legend">{t('parcels.options')}</FormLabel>
          <FormGroup row>
            {(['can_open', 'can_try', 'fragile'] as const).map((name) => (
              <FormControlLabel
                key={name}
                control={<Checkbox name={name} checked={values[name]} onChange={(event) => set(name, event.target.checked)} disabled={saving} />}
                label={t(name === 'can_open' ? 'parcels.canOpen' : name === 'can_try' ? 'parcels.canTry' : 'parcels.fragile')}
              />
            ))}
          </FormGroup>
        </FormControl>

        <FormControl component="fieldset" sx={{ gridColumn: '1 / -1' }} error={Boolean(errors.kind)}>
          <FormLabel component="legend">{t('parcels.kind')}</FormLabel>
          <RadioGroup row name="kind" value={values.kind} onChange={(event) => set('kind', event.target.value as ParcelKind)}>
            {(['standard', 'exchange', 'refund'] as const).map((kind) => (
              <FormControlLabel
                key={kind}
                value={kind}
                control={<Radio disabled={saving} />}
                label={t(kind === 'standard' ? 'parcels.kind.standard' : kind === 'exchange' ? 'parcels.kind.exchange' : 'parcels.kind.refund')}
              />
            ))}
          </RadioGroup>
          {errors.kind && <Typography variant="caption" color="error">{errors.kind}</Typography>}
        </FormControl>
        {values.kind !== 'standard' && (
          <>
            {text('original_parcel', t('parcels.originalParcel'), { required: true, helper: t('parcels.form.originalHelp') })}
            {text('item_to_collect', t('parcels.itemToCollect'), { required: true })}
          </>
        )}
        {stockActive && (
          <FormControl component="fieldset" sx={{ gridColumn: '1 / -1', minWidth: 0 }} data-testid="parcel-stock">
            <FormLabel component="legend">{t('inventory.parcelSection')}</FormLabel>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('inventory.parcelSectionHelp')}
            </Typography>
            <StockLinesEditor
              lines={stockLines}
              onChange={(lines) => {
                setStockLines(lines);
                setStockErrors({});
              }}
              errors={stockErrors}
              disabled={saving}
            />
          </FormControl>
        )}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
        {/* First submit button: the one Enter presses. */}
        <Button
          type="submit"
          name="another"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="save-another"
        >
          {t('parcels.form.saveAnother')}
        </Button>
        <Button type="submit" name="save" variant="outlined" disabled={saving} data-testid="save">
          {t('form.save')}
        </Button>
        <Typography variant="caption" color="text.secondary">
          {t('parcels.form.enterHint')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {created.length > 0 && pathOf('new-parcels', session) !== NOT_FOUND_PATH && (
          <Link component={RouterLink} to={pathOf('new-parcels', session)} underline="hover">
            {t('parcels.form.seeNew')}
          </Link>
        )}
      </Stack>
    </Form>
  );
}
