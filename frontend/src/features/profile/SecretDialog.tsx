import ContentCopy from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { FormTextField } from '../../components/FormTextField';
import { useT } from '../../i18n';

export interface SecretDialogProps {
  open: boolean;
  title: string;
  body: string;
  label: string;
  /** The secret, shown this once. */
  value: string;
  texts: { copied: string; copyFailed: string; done: string };
  /** `<prefix>-dialog`, `-value`, `-copy`, `-copied`. */
  testIdPrefix: string;
  onClose: () => void;
}

/** A secret the server shows once (a personal token, a webhook's signing secret), with a copy button. */
export function SecretDialog({ open, title, body, label, value, texts, testIdPrefix, onClose }: SecretDialogProps) {
  const t = useT();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('ok');
    } catch (error) {
      console.error('Clipboard write failed', error);
      setCopied('failed');
    }
  };
  const close = () => {
    setCopied(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid={`${testIdPrefix}-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{body}</DialogContentText>
        <FormTextField
          value={value}
          label={label}
          onFocus={(event) => event.target.select()}
          readOnly
          inputProps={{ 'data-testid': `${testIdPrefix}-value`, spellCheck: false, dir: 'ltr' }}
          sx={{ '& input': { fontFamily: 'monospace' } }}
          endAdornment={
            <InputAdornment position="end">
              <Tooltip title={t('tokens.copy')}>
                <IconButton onClick={copy} aria-label={t('tokens.copy')} edge="end" data-testid={`${testIdPrefix}-copy`}>
                  <ContentCopy />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          }
        />
        {copied && (
          <Alert severity={copied === 'ok' ? 'success' : 'warning'} sx={{ mt: 2 }} data-testid={`${testIdPrefix}-copied`}>
            {copied === 'ok' ? texts.copied : texts.copyFailed}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} variant="contained">
          {texts.done}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
