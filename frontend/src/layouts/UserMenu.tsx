import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../core/hooks';
import { selectSessionInfo, selectUser } from '../core/session/authSlice';
import { displayName, initials } from '../core/session/displayName';
import { useSignOut } from '../core/session/useSignOut';
import { useT, type MessageKey } from '../i18n';
import { pathOf } from '../navigation/access';
import { NOT_FOUND_PATH } from '../navigation/routes';
import { MIRROR_IN_RTL } from '../components/mirror';

/**
 * Avatar and name; menu with profile, Tarifs (clients only), the company's settings (admins
 * who may open them) and sign-out.
 */
export function UserMenu({ compact }: { compact: boolean }) {
  const t = useT();
  const user = useAppSelector(selectUser);
  const session = useAppSelector(selectSessionInfo);
  const signOut = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = displayName(session.role, user);
  const roleLabel = session.role ? t(`role.${session.role}` as MessageKey) : '';
  const close = () => setAnchor(null);
  const companySettings = session.role === 'admin' ? pathOf('company-settings', session) : NOT_FOUND_PATH;

  const avatar = (size: number) => (
    <Avatar src={user?.avatar ?? undefined} alt={name} sx={{ width: size, height: size, bgcolor: 'primary.main', fontSize: size / 2.6 }}>
      {initials(name)}
    </Avatar>
  );

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-label={t('topbar.userMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        data-testid="user-menu-button"
        sx={{ borderRadius: 5, p: 0.5, gap: 1.25, textAlign: 'start' }}
      >
        {!compact && (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 220 }} data-testid="user-display-name">
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {roleLabel}
            </Typography>
          </Box>
        )}
        {avatar(38)}
      </ButtonBase>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 230, mt: 1 } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
          {avatar(40)}
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
              {name}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {roleLabel}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={pathOf('profile', session)} onClick={close} data-testid="user-menu-profile">
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          {t('topbar.profile')}
        </MenuItem>
        {session.role === 'client' && (
          <MenuItem component={RouterLink} to={pathOf('pricing', session)} onClick={close} data-testid="user-menu-pricing">
            <ListItemIcon>
              <LocalOfferOutlined fontSize="small" />
            </ListItemIcon>
            {t('topbar.pricing')}
          </MenuItem>
        )}
        {companySettings !== NOT_FOUND_PATH && (
          <MenuItem component={RouterLink} to={companySettings} onClick={close} data-testid="user-menu-company-settings">
            <ListItemIcon>
              <BusinessOutlined fontSize="small" />
            </ListItemIcon>
            {t('route.company-settings')}
          </MenuItem>
        )}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void signOut();
          }}
          data-testid="user-menu-sign-out"
        >
          <ListItemIcon>
            <Logout {...MIRROR_IN_RTL} fontSize="small" />
          </ListItemIcon>
          {t('topbar.signOut')}
        </MenuItem>
      </Menu>
    </>
  );
}
