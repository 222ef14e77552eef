import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { loadUser } from '../../core/session/api';
import { AuthCard } from './AuthCard';
import { selectRole, selectUser } from '../../core/session/authSlice';
import { displayName } from '../../core/session/displayName';
import { formErrors } from '../../core/session/errors';
import { useSignOut } from '../../core/session/useSignOut';

/** "Your account awaits validation", with refresh (re-reads /api/user) and sign-out. */
export default function ActivationScreen() {
  const t = useT();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const role = useAppSelector(selectRole);
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);

  const refresh = async () => {
    setBusy(true);
    setNotice(null);
    try {
      const session = await loadUser(dispatch);
      // Once activated, the guard moves the user on; otherwise say so.
      if (!session.active) setNotice({ severity: 'info', text: t('auth.activation.stillPending') });
    } catch (error) {
      setNotice({ severity: 'error', text: formErrors(error, t).form ?? t('error.generic') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title={t('auth.activation.title')} testId="activation-card" width={520}>
      <Stack spacing={3}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box
            sx={{
              width: 48,
              height: 48,
              flexShrink: 0,
              borderRadius: '50%',
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'warning.main',
            }}
          >
            <HourglassTopOutlined />
          </Box>
          <Box sx={{ color: 'text.secondary' }}>
            {t('auth.activation.body', { name: displayName(role, user) })}
          </Box>
        </Box>
        {notice && (
          <Alert severity={notice.severity} data-testid="activation-notice">
            {notice.text}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" onClick={refresh} disabled={busy} data-testid="activation-refresh">
            {t('auth.activation.refresh')}
          </Button>
          <Button variant="outlined" color="secondary" onClick={() => void signOut()} data-testid="activation-sign-out">
            {t('auth.signOut')}
          </Button>
        </Stack>
      </Stack>
    </AuthCard>
  );
}
