import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n';

export type NoticeSeverity = 'success' | 'error' | 'info' | 'warning';

/** A short message after an action ("Colis K1 enregistré."), with an optional button. */
export interface Notice {
  message: string;
  severity: NoticeSeverity;
  action?: ReactNode;
  /** How long it stays, in milliseconds (by default 5 s, 12 s with a button). */
  duration?: number;
  /** Tells one notice from the next: each new one gets its whole duration. */
  serial?: number;
  /** Closed, its text kept while the snackbar leaves. */
  closed?: boolean;
}

export type Notify = (message: string, severity?: NoticeSeverity, action?: ReactNode, duration?: number) => void;

/** The notice of a screen and the function that shows one. */
export function useNotice(): { notice: Notice | null; notify: Notify; close: () => void } {
  const [notice, setNotice] = useState<Notice | null>(null);
  const serial = useRef(0);
  const notify = useCallback<Notify>((message, severity = 'success', action, duration) => {
    serial.current += 1;
    setNotice({ message, severity, action, duration, serial: serial.current });
  }, []);
  const close = useCallback(() => setNotice((shown) => (shown ? { ...shown, closed: true } : shown)), []);
  return { notice, notify, close };
}

/**
 * The notice at the bottom of the screen (at the top while a bottom sheet is open, so it hides
 * none of the sheet), gone after a few seconds (longer with a button).
 */
export function NoticeSnackbar({
  notice,
  onClose,
  testId,
  anchor = 'bottom',
}: {
  notice: Notice | null;
  onClose: () => void;
  testId: string;
  anchor?: 'top' | 'bottom';
}) {
  const t = useT();
  return (
    <Snackbar
      // A new notice starts its own timer: the previous one's would otherwise close it early.
      key={notice?.serial}
      open={notice !== null && !notice.closed}
      autoHideDuration={notice?.duration ?? (notice?.action ? 12000 : 5000)}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: anchor, horizontal: 'center' }}
    >
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} closeText={t('common.close')} action={notice.action} data-testid={testId}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
