import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { selectRole } from '../../core/session/authSlice';
import { DeliveryProofCard } from './DeliveryProofCard';
import { NoticesCard } from './NoticesCard';
import { PasswordCard } from './PasswordCard';
import { ProfileInfoCard } from './ProfileInfoCard';
import { SessionsCard } from './SessionsCard';
import { TokensCard } from './TokensCard';
import { WebhooksCard } from './WebhooksCard';

/** /compte/profile: personal details, password, one's sessions, the e-mails one receives and, for merchants, the proof of delivery required, API tokens and webhooks. */
export default function ProfileScreen() {
  const t = useT();
  const role = useAppSelector(selectRole);
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="profile-screen">
      <Box>
        <Typography variant="h5" component="h1">
          {t('profile.title')}
        </Typography>
        <Typography color="text.secondary">{t('profile.subtitle')}</Typography>
      </Box>
      <ProfileInfoCard />
      <PasswordCard />
      <SessionsCard />
      <NoticesCard />
      {role === 'client' && <DeliveryProofCard />}
      {role === 'client' && <TokensCard />}
      {role === 'client' && <WebhooksCard />}
    </Box>
  );
}
