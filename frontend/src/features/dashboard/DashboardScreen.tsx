import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { useT, type MessageKey } from '../../i18n';
import { dashboardRouteName, pathOf, visibleMenu } from '../../navigation/access';
import { sectionIcon } from '../../navigation/icons';
import { selectSessionInfo, selectUser } from '../../core/session/authSlice';
import { displayName, initials } from '../../core/session/displayName';
import { RecentActivity } from '../../components/activity/RecentActivity';
import { AnnouncementBoard } from '../../components/announcement/AnnouncementBoard';
import { BankAccountNotices } from '../../components/shop/BankAccountNotices';
import { PausedWebhooksNotice } from '../../components/webhooks/PausedWebhooksNotice';
import { DashboardStats } from './DashboardStats';
import { DecisionsCard } from './DecisionsCard';
import { MerchantAccount } from './MerchantAccount';
import { StockCards } from './StockCards';
import { TodayRound } from './TodayRound';
import { WorkQueues } from './WorkQueues';
import { MIRROR_IN_RTL } from '../../components/mirror';

interface Shortcut {
  id: string;
  title: string;
  /** First entry of the section the user holds. */
  path: string;
  entries: string[];
}

/** Welcome screen of each role's dashboard route: name, role and shortcuts to the held sections. */
export default function DashboardScreen() {
  const t = useT();
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSessionInfo);
  const role = session.role;
  const name = displayName(role, user);

  const shortcuts = useMemo<Shortcut[]>(() => {
    if (!role) return [];
    const home = dashboardRouteName(role);
    return visibleMenu(role, session.permissions)
      .map((section) => ({ ...section, items: section.items.filter((item) => item.name !== home) }))
      .filter((section) => section.items.length > 0)
      .map((section) => ({
        id: section.id,
        title: t(`section.${section.id}` as MessageKey),
        path: section.items[0].path,
        entries: section.items.map((item) => t(`route.${item.name}` as MessageKey)),
      }));
  }, [role, session.permissions, t]);

  if (!role || !user) return null;

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard" data-role={role}>
      <AnnouncementBoard />
      {role === 'client' && <BankAccountNotices />}
      {role === 'client' && <PausedWebhooksNotice />}
      <Card>
        <CardContent sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 3, p: { xs: 3, sm: 4 } }}>
          <Avatar
            src={user.avatar ?? undefined}
            alt={name}
            sx={{ width: 72, height: 72, bgcolor: 'primary.main', fontSize: 26 }}
          >
            {initials(name)}
          </Avatar>
          <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
            <Typography variant="h5" component="h1" data-testid="dashboard-greeting">
              {t('dashboard.greeting', { name })}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t(`dashboard.roleLine.${role}` as MessageKey)}{' '}
              {t(`dashboard.intro.${role}` as MessageKey)}
            </Typography>
          </Box>
          <Chip
            icon={<AccountCircleOutlined />}
            label={t('dashboard.profile')}
            component={RouterLink}
            to={pathOf('profile', session)}
            clickable
            variant="outlined"
          />
        </CardContent>
      </Card>

      {role === 'delivery-admin' && <TodayRound />}
      {role === 'admin' && <WorkQueues />}
      {role === 'client' && <DecisionsCard />}
      {role === 'client' && <MerchantAccount />}
      {role === 'client' && <StockCards />}

      <DashboardStats role={role} />

      <RecentActivity />

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('dashboard.shortcuts')}
        </Typography>
        {shortcuts.length === 0 ? (
          <Typography color="text.secondary">{t('dashboard.noShortcut')}</Typography>
        ) : (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
            }}
            data-testid="dashboard-shortcuts"
          >
            {shortcuts.map((shortcut) => {
              const Icon = sectionIcon(shortcut.id);
              return (
                <Card key={shortcut.id} sx={{ display: 'flex' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={shortcut.path}
                    data-testid={`shortcut-${shortcut.id}`}
                    sx={{ p: 2.5, display: 'flex', alignItems: 'flex-start', justifyContent: 'flex-start', gap: 2 }}
                  >
                    <Box
                      sx={{
                        width: 44,
                        height: 44,
                        flexShrink: 0,
                        borderRadius: 1.5,
                        display: 'grid',
                        placeItems: 'center',
                        bgcolor: 'action.hover',
                        color: 'primary.main',
                      }}
                    >
                      <Icon />
                    </Box>
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Typography sx={{ fontWeight: 600 }}>{shortcut.title}</Typography>
                      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                        {shortcut.entries.join(' · ')}
                      </Typography>
                    </Box>
                    <ArrowForward {...MIRROR_IN_RTL} fontSize="small" sx={{ color: 'text.secondary', mt: 0.5 }} />
                  </CardActionArea>
                </Card>
              );
            })}
          </Box>
        )}
      </Box>

    </Box>
  );
}
