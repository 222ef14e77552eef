import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorBody, errorStatus, fieldErrors } from '../../core/api';
import { useAppSelector } from '../../core/hooks';
import { MoneyText } from '../../components/MoneyText';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { Ltr } from '../../components/Ltr';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import type { Shop } from '../../components/shop/api';
import { useImportParcelsMutation, usePreviewImportMutation, type ImportPreview, type ImportResult, type ImportRow } from '../../components/parcel/api';
import { ShopSelect } from '../../components/parcel/fields';
import { RecipientHistoryBadge } from '../../components/parcel/RecipientHistoryBadge';
import { LabelsButton } from './LabelsButton';
import '../../i18n/inventory';
import '../../i18n/parcels';

/** Rows shown at most in the preview (a file may hold 10 000). */
export const PREVIEW_ROWS = 200;

const TEMPLATE_URL = '/api/parcels/import/template';

/** The label of a field named in an import row's errors. */
export function fieldLabel(field: string, t: Translate): string {
  const keys: Record<string, MessageKey> = {
    shop: 'parcels.shop',
    reference: 'parcels.reference',
    recipient_name: 'parcels.recipient',
    recipient_phone: 'parcels.phone',
    recipient_phone_alt: 'parcels.phoneAlt',
    city: 'parcels.city',
    address: 'parcels.address',
    cod_amount: 'parcels.amount',
    product: 'parcels.product',
    quantity: 'parcels.quantity',
    note: 'parcels.note',
    can_open: 'parcels.canOpen',
    can_try: 'parcels.canTry',
    fragile: 'parcels.fragile',
    kind: 'parcels.kind',
    original_parcel: 'parcels.originalParcel',
    item_to_collect: 'parcels.itemToCollect',
    // The column `stock` (SKU:qty;SKU:qty) of a merchant with the stock service.
    stock: 'inventory.stockLines',
    stock_lines: 'inventory.stockLines',
  };
  // `stock_lines.0.quantity`: the field of its base name.
  const base = field.split(/[.[]/)[0];
  return keys[field] ? t(keys[field]) : keys[base] ? t(keys[base]) : field;
}

function kb(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} Ko` : `${(bytes / 1024 / 1024).toFixed(1)} Mo`;
}

type Stage = { step: 'idle' } | { step: 'checking' } | { step: 'preview'; preview: ImportPreview } | { step: 'importing'; preview: ImportPreview } | { step: 'done'; result: ImportResult };

/**
 * Bulk import from a CSV or xlsx file: the file is checked first (dry run) and every row shows
 * what is wrong; "Importer" then creates them all, or nothing.
 */
export function ImportPanel({ shops }: { shops: readonly Shop[] }) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const [previewImport] = usePreviewImportMutation();
  const [importParcels] = useImportParcelsMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [pickedShop, setPickedShop] = useState('');
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [message, setMessage] = useState<string | null>(null);
  const [onlyErrors, setOnlyErrors] = useState(false);
  const shop = pickedShop || (shops.length === 1 ? shops[0].key : '');

  const failure = (error: unknown): string => {
    if (errorStatus(error) === 'FETCH_ERROR') return t('error.network');
    const fields = fieldErrors(error);
    return fields.file ?? errorBody(error)?.message ?? t('error.generic');
  };

  const check = async (chosen: File, shopKey: string) => {
    setMessage(null);
    setOnlyErrors(false);
    setStage({ step: 'checking' });
    try {
      const preview = await previewImport({ file: chosen, shop: shopKey || undefined }).unwrap();
      setStage({ step: 'preview', preview });
      setOnlyErrors(preview.error_count > 0);
    } catch (error) {
      setStage({ step: 'idle' });
      setMessage(failure(error));
    }
  };

  const choose = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) void check(chosen, shop);
    else setStage({ step: 'idle' });
  };

  const runImport = async () => {
    if (!file || stage.step !== 'preview') return;
    const preview = stage.preview;
    setMessage(null);
    setStage({ step: 'importing', preview });
    try {
      const result = await importParcels({ file, shop: shop || undefined }).unwrap();
      setStage({ step: 'done', result });
      setFile(null);
      if (inputRef.current) inputRef.current.value = '';
    } catch (error) {
      const body = errorBody(error) as (Partial<ImportPreview> & { message?: string }) | null;
      if (errorStatus(error) === 422 && body && Array.isArray(body.rows)) {
        // Nothing was created: the rows say why.
        setStage({ step: 'preview', preview: { rows: body.rows, valid_count: body.valid_count ?? 0, error_count: body.error_count ?? 0 } });
        setOnlyErrors(true);
      } else {
        setStage({ step: 'preview', preview });
      }
      setMessage(failure(error));
    }
  };

  const reset = () => {
    setFile(null);
    setStage({ step: 'idle' });
    setMessage(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const busy = stage.step === 'checking' || stage.step === 'importing';
  const preview = stage.step === 'preview' || stage.step === 'importing' ? stage.preview : null;
  const newList = pathOf('new-parcels', session);

  return (
    <Stack spacing={3} data-testid="import-panel">
      <Typography color="text.secondary">{t('parcels.import.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Button component="a" href={TEMPLATE_URL} download variant="outlined" startIcon={<DownloadOutlined />} data-testid="import-template">
          {t('parcels.import.template')}
        </Button>
        <Link href={`${TEMPLATE_URL}?format=xlsx`} download underline="hover" variant="body2">
          {t('parcels.import.templateXlsx')}
        </Link>
      </Stack>
      {shops.length > 1 && (
        <Box sx={{ maxWidth: 420 }}>
          <ShopSelect
            name="import-shop"
            label={t('parcels.import.shop')}
            helperText={t('parcels.import.shopHelp')}
            shops={shops}
            value={shop}
            onChange={(key) => {
              setPickedShop(key);
              if (file) void check(file, key);
            }}
            disabled={busy}
          />
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button component="label" variant="contained" startIcon={<UploadFileOutlined />} disabled={busy}>
          {file ? t('parcels.import.another') : t('parcels.import.choose')}
          <input
            ref={inputRef}
            hidden
            type="file"
            name="file"
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            data-testid="import-file"
            onChange={(event) => choose(event.target.files?.[0] ?? null)}
          />
        </Button>
        {file && (
          <Typography variant="body2" color="text.secondary" data-testid="import-file-name">
            {file.name} · {kb(file.size)}
          </Typography>
        )}
      </Stack>

      {busy && (
        <Box data-testid="import-progress">
          <Typography variant="body2" sx={{ mb: 1 }}>
            {stage.step === 'checking' ? t('parcels.import.checking', { name: file?.name ?? '' }) : t('parcels.import.importing', { count: preview?.valid_count ?? 0 })}
          </Typography>
          <LinearProgress aria-label={t('app.loading')} />
        </Box>
      )}
      {message && (
        <Alert severity="error" data-testid="import-error">
          {message}
        </Alert>
      )}

      {stage.step === 'done' && (
        <Alert
          severity="success"
          data-testid="import-done"
          action={<LabelsButton keys={stage.result.keys} variant="text" />}
        >
          {t('parcels.import.done', { count: stage.result.created })}{' '}
          {newList !== NOT_FOUND_PATH && (
            <Link component={RouterLink} to={newList} data-testid="import-see-new">
              {t('parcels.form.seeNew')}
            </Link>
          )}
        </Alert>
      )}

      {preview && (
        <Box data-testid="import-preview">
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1, mb: 2 }}>
            <Chip color="success" variant="outlined" label={t('parcels.import.valid', { count: preview.valid_count })} data-testid="import-valid-count" />
            <Chip
              color={preview.error_count > 0 ? 'error' : 'default'}
              variant={preview.error_count > 0 ? 'filled' : 'outlined'}
              label={t('parcels.import.errors', { count: preview.error_count })}
              data-testid="import-error-count"
            />
            {preview.error_count > 0 && (
              <FormControlLabel
                sx={{ ml: 1 }}
                control={<Switch size="small" checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} />}
                label={t('parcels.import.onlyErrors')}
              />
            )}
            <Box sx={{ flexGrow: 1 }} />
            <Button onClick={reset} disabled={busy} color="secondary">
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={runImport}
              disabled={busy || preview.error_count > 0 || preview.valid_count === 0}
              startIcon={stage.step === 'importing' ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="import-submit"
            >
              {t('parcels.import.submit', { count: preview.valid_count })}
            </Button>
          </Stack>
          {preview.error_count > 0 && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('parcels.import.fixFirst')}
            </Alert>
          )}
          <PreviewTable rows={onlyErrors ? preview.rows.filter((row) => Object.keys(row.errors).length > 0) : preview.rows} />
        </Box>
      )}
    </Stack>
  );
}

/** The rows as the server read them; a row with errors is highlighted with its messages. */
export function PreviewTable({ rows }: { rows: readonly ImportRow[] }) {
  const t = useT();
  const shown = rows.slice(0, PREVIEW_ROWS);
  return (
    <>
      <TableContainer sx={{ border: 1, borderColor: 'divider', borderRadius: 1, maxHeight: 560 }}>
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell>{t('parcels.import.line')}</TableCell>
              <TableCell>{t('parcels.recipient')}</TableCell>
              <TableCell>{t('parcels.phone')}</TableCell>
              <TableCell>{t('parcels.city')}</TableCell>
              <TableCell align="right">{t('parcels.amount')}</TableCell>
              <TableCell>{t('parcels.product')}</TableCell>
              <TableCell>{t('parcels.import.problems')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => {
              const problems = Object.entries(row.errors).flatMap(([field, messages]) => messages.map((message) => ({ field, message })));
              const wrong = problems.length > 0;
              return (
                <TableRow
                  key={row.line}
                  data-testid="import-row"
                  data-line={row.line}
                  data-error={wrong}
                  sx={wrong ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}
                >
                  <TableCell>{row.line}</TableCell>
                  <TableCell>{row.input.recipient_name ?? ''}</TableCell>
                  <TableCell>
                    {/* The recipient's band across every merchant (none for a phone the server could not read). */}
                    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5 }}>
                      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                        <Ltr>{row.input.recipient_phone ?? ''}</Ltr>
                      </Box>
                      {row.recipient_history && <RecipientHistoryBadge history={row.recipient_history} />}
                    </Box>
                  </TableCell>
                  <TableCell>{row.input.city ?? ''}</TableCell>
                  <TableCell align="right">{typeof row.input.cod_amount === 'number' ? <MoneyText centimes={row.input.cod_amount} /> : '—'}</TableCell>
                  <TableCell>{row.input.product ?? ''}</TableCell>
                  <TableCell>
                    {wrong ? (
                      <Box component="ul" sx={{ m: 0, pl: 2, color: 'error.main' }}>
                        {problems.map(({ field, message }) => (
                          <li key={`${field}-${message}`}>
                            <strong>{fieldLabel(field, t)}</strong> : {message}
                          </li>
                        ))}
                      </Box>
                    ) : (
                      <Typography variant="body2" color="success.main">
                        {t('parcels.import.rowOk')}
                      </Typography>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {rows.length > PREVIEW_ROWS && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('parcels.import.more', { count: rows.length - PREVIEW_ROWS })}
        </Typography>
      )}
    </>
  );
}
