import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useT } from '../../i18n';
import { LOGIN_PATH } from '../../navigation/routes';
import '../../i18n/password';

/** The link back to the sign-in page, under the forgotten-password and new-password pages. */
export function BackToSignIn() {
  const t = useT();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to={LOGIN_PATH} data-testid="back-to-sign-in">
        {t('password.backToSignIn')}
      </Link>
    </Typography>
  );
}
