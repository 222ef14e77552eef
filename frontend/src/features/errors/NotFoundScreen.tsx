import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { firstPermission } from '../../navigation/guard';
import { pathOf } from '../../navigation/access';
import { LOGIN_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';

/** The 404 page (/compte/not-found), in the blank layout. */
export default function NotFoundScreen() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const home =
    session.authenticated && session.active ? pathOf(firstPermission(session), session) : LOGIN_PATH;
  return (
    <Box sx={{ textAlign: 'center', maxWidth: 520 }} data-testid="not-found">
      <Typography
        component="p"
        sx={{ fontSize: { xs: 96, sm: 128 }, fontWeight: 700, lineHeight: 1, color: 'primary.main' }}
      >
        404
      </Typography>
      <Typography variant="h5" component="h1" sx={{ mt: 2, mb: 1 }}>
        {t('error.404.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('error.404.body')}
      </Typography>
      <Button component={RouterLink} to={home} variant="contained">
        {t('error.404.back')}
      </Button>
    </Box>
  );
}
