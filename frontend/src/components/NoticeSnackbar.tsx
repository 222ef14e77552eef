import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../i18n';

export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';

/** A short message after an action ("Colis K1 enregistré."), with an optional button. */
export interface Notice {
  message: string;
  severity: NoticeSeverity;
  action?: ReactNode;
}

export type Notify = (message: string, severity?: NoticeSeverity, action?: ReactNode) => void;

/** The notice of a screen and the function that shows one. */
export function useNotice(): { notice: Notice | null; notify: Notify; close: () => void } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((message, severity = 'success', action) => setNotice({ message, severity, action }), []);
  const close = useCallback(() => setNotice(null), []);
  return { notice, notify, close };
}

/** The notice at the bottom of the screen, gone after a few seconds (longer with a button). */
export function NoticeSnackbar({ notice, onClose, testId }: { notice: Notice | null; onClose: () => void; testId: string }) {
  const t = useT();
  return (
    <Snackbar
      open={notice !== null}
      autoHideDuration={notice?.action ? 12000 : 5000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} closeText={t('common.close')} action={notice.action} data-testid={testId}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
