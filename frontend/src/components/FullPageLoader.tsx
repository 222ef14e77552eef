import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n';
import { BrandLogo } from './BrandLogo';

/** Shown while the session is being restored. */
export function FullPageLoader() {
  const t = useT();
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="session-loader"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <BrandLogo size={40} />
      <CircularProgress size={32} />
      <Typography variant="body2" color="text.secondary">
        {t('app.loading')}
      </Typography>
    </Box>
  );
}

/** Shown while a lazily loaded screen arrives. */
export function PageLoader() {
  const t = useT();
  return (
    <Box
      role="status"
      aria-label={t('app.loading')}
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', py: 8, width: '100%' }}
    >
      <CircularProgress size={28} />
    </Box>
  );
}
