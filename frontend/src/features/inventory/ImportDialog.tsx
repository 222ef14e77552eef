import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useRef, useState } from 'react';
import { errorStatus, fieldErrors } from '../../core/api';
import { failureMessage } from '../../components/form/failureMessage';
import { useT } from '../../i18n';
import { INVENTORY_TEMPLATE_URL, useImportInventoriesMutation } from '../../components/inventory/api';
import '../../i18n/inventory';
import '../../i18n/screens';

/** "lines.3.sku" → line 3, SKU. */
function lineMessage(key: string, message: string, label: (field: string) => string): string {
  const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
  return match ? `${match[1]} · ${label(match[2])} : ${message}` : message;
}

/** Merchant: creates products from a CSV or xlsx file (sku, name, alert_threshold), all or nothing. */
export function ImportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [upload, { isLoading }] = useImportInventoriesMutation();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [created, setCreated] = useState<number | null>(null);
  const label = (field: string) =>
    field === 'sku' ? t('inventory.sku') : field === 'name' ? t('inventory.name') : field === 'alert_threshold' ? t('inventory.alertThreshold') : field;

  const close = () => {
    if (isLoading) return;
    setFile(null);
    setProblems([]);
    setCreated(null);
    onClose();
  };

  const send = async () => {
    if (!file) return;
    setProblems([]);
    try {
      const result = await upload(file).unwrap();
      setCreated(result.data.created);
    } catch (error) {
      if (errorStatus(error) === 422) {
        const all = Object.entries(fieldErrors(error)).map(([key, message]) => lineMessage(key, message, label));
        setProblems(all.length > 0 ? all : [failureMessage(error, t)]);
      } else setProblems([failureMessage(error, t)]);
    }
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" fullScreen={phone} data-testid="import-dialog">
      <DialogTitle>{t('inventory.importTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography color="text.secondary">{t('inventory.importIntro')}</Typography>
        <Box>
          <Link href={INVENTORY_TEMPLATE_URL} download sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <DownloadOutlined fontSize="small" /> {t('inventory.template')}
          </Link>
        </Box>
        <input
          ref={input}
          type="file"
          hidden
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="import-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setProblems([]);
            setCreated(null);
          }}
        />
        <Box>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => input.current?.click()} disabled={isLoading}>
            {file ? file.name : t('inventory.chooseFile')}
          </Button>
        </Box>
        {created !== null && (
          <Alert severity="success" data-testid="import-done">
            {t('inventory.imported', { count: created })}
          </Alert>
        )}
        {problems.length > 0 && (
          <Alert severity="error" data-testid="import-errors">
            {t('inventory.importRefused')}
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </Box>
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} color="secondary" disabled={isLoading}>
          {t('common.close')}
        </Button>
        <Button
          variant="contained"
          onClick={send}
          disabled={!file || isLoading || created !== null}
          startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="import-submit"
        >
          {t('inventory.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
