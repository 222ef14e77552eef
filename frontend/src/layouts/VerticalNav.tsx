import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Close from '@mui/icons-material/Close';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useAppSelector } from '../core/hooks';
import { BrandLogo } from '../components/BrandLogo';
import { selectSessionInfo } from '../core/session/authSlice';
import { useUnreadTicketCount } from '../components/support/unread';
import { useT, type MessageKey } from '../i18n';
import { visibleMenu, type VisibleSection } from '../navigation/access';
import { routeIcon, sectionIcon } from '../navigation/icons';
import type { RouteDef } from '../navigation/types';
import { DRAWER_MINI_WIDTH, DRAWER_WIDTH } from '../theme/constants';
import { MIRROR_IN_RTL } from '../components/mirror';

interface Props {
  /** permanent on desktop (1264px and wider), temporary (hamburger) below. */
  variant: 'permanent' | 'temporary';
  /** Desktop drawer reduced to the mini width. */
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** Temporary drawer state. */
  open: boolean;
  onClose: () => void;
}

/** An entry's words: a long one (« وصولات إرجاع عمال التوصيل ») wraps onto a second line, never cut. */
const ENTRY_TEXT = { primary: { sx: { fontSize: 14 } } };

function sectionOf(sections: VisibleSection[], pathname: string): string | null {
  for (const section of sections) {
    if (section.items.some((item) => item.path === pathname || item.alias === pathname)) return section.id;
  }
  return null;
}

/** The side menu of the signed-in role: sections, accordion groups, permission-filtered entries. */
export function VerticalNav({ variant, collapsed, onToggleCollapsed, open, onClose }: Props) {
  const t = useT();
  const theme = useTheme();
  const session = useAppSelector(selectSessionInfo);
  const { pathname } = useLocation();
  const sections = useMemo(
    () => (session.role ? visibleMenu(session.role, session.permissions) : []),
    [session.role, session.permissions],
  );
  // Tickets with an unread answer, on the `support` entry: polled, and refetched after every ticket write.
  const unreadCount = useUnreadTicketCount();
  const [hovered, setHovered] = useState(false);
  const activeSection = sectionOf(sections, pathname);
  const [openSection, setOpenSection] = useState<string | null>(activeSection);
  const [lastActive, setLastActive] = useState(activeSection);
  if (activeSection !== lastActive) {
    // Following a link elsewhere (search, dashboard) opens that entry's section.
    setLastActive(activeSection);
    if (activeSection) setOpenSection(activeSection);
  }

  const permanent = variant === 'permanent';
  const mini = permanent && collapsed && !hovered;
  const paperWidth = mini ? DRAWER_MINI_WIDTH : DRAWER_WIDTH;
  const placeholderWidth = permanent ? (collapsed ? DRAWER_MINI_WIDTH : DRAWER_WIDTH) : 0;

  const toggleSection = (id: string) => {
    // Accordion: opening a section closes the others.
    setOpenSection((current) => (current === id ? null : id));
  };

  const afterNavigate = () => {
    if (!permanent) onClose();
  };

  const link = (route: RouteDef, nested: boolean) => {
    const Icon = routeIcon(route.name);
    const label = t(`route.${route.name}` as MessageKey);
    const badge = route.name === 'support' ? unreadCount : 0;
    return (
      <ListItemButton
        key={route.name}
        component={NavLink}
        to={route.path}
        end
        onClick={afterNavigate}
        data-route={route.name}
        title={mini ? label : undefined}
        sx={{ mx: 1.5, mb: 0.5, minHeight: 40, pl: nested && !mini ? 2.5 : 1.5, pr: 1.5 }}
      >
        <ListItemIcon sx={{ minWidth: mini ? 0 : 36, color: 'text.secondary' }}>
          {badge > 0 && mini ? (
            <Badge color="error" variant="dot">
              <Icon fontSize={nested ? 'small' : 'medium'} />
            </Badge>
          ) : (
            <Icon fontSize={nested ? 'small' : 'medium'} />
          )}
        </ListItemIcon>
        {!mini && <ListItemText primary={label} slotProps={ENTRY_TEXT} />}
        {badge > 0 && !mini && (
          <Badge
            color="error"
            badgeContent={badge}
            max={99}
            aria-label={t('menu.unread', { count: badge })}
            data-testid="support-unread-badge"
            sx={{ mr: 1.5, '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
          />
        )}
      </ListItemButton>
    );
  };

  // The whole drawer is the navigation landmark: the brand and the collapse button too (axe: region).
  const content = (
    <Box
      component="nav"
      aria-label={t('menu.navigation')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflow: 'hidden' }}
      onMouseEnter={() => permanent && collapsed && setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: mini ? 'center' : 'space-between',
          minHeight: 64,
          px: mini ? 0 : 2.5,
        }}
      >
        <BrandLogo withName={!mini} size={30} />
        {!mini && permanent && (
          <IconButton
            size="small"
            onClick={onToggleCollapsed}
            aria-label={collapsed ? t('menu.expand') : t('menu.collapse')}
            aria-pressed={collapsed}
            data-testid="nav-collapse"
          >
            {collapsed ? <ChevronRight {...MIRROR_IN_RTL} /> : <ChevronLeft {...MIRROR_IN_RTL} />}
          </IconButton>
        )}
        {!permanent && (
          <IconButton size="small" onClick={onClose} aria-label={t('menu.close')}>
            <Close />
          </IconButton>
        )}
      </Box>
      <Box
        data-testid="side-menu"
        data-role={session.role ?? ''}
        sx={{
          flexGrow: 1,
          overflowY: 'auto',
          overflowX: 'hidden',
          pb: 2,
          scrollbarWidth: 'thin',
          '&::-webkit-scrollbar': { width: 6 },
          '&::-webkit-scrollbar-thumb': { borderRadius: 3, backgroundColor: 'action.disabled' },
        }}
      >
        <List
          dense={false}
          disablePadding
          // Collapsed, the entries keep the open menu's width: while it opens on hover their
          // words are laid out once, not wrapped word by word as it widens.
          sx={permanent && collapsed ? { minWidth: DRAWER_WIDTH } : undefined}
          subheader={
            mini ? undefined : (
              <ListSubheader
                disableSticky
                sx={{ bgcolor: 'transparent', lineHeight: '32px', fontSize: 12, letterSpacing: '0.08em', px: 3 }}
              >
                {session.role ? t(`menu.label.${session.role}` as MessageKey) : ''}
              </ListSubheader>
            )
          }
        >
          {sections.map((section) => {
            // A list holds list items only: each link and each section is in its <li> (axe: list).
            if (!section.grouped) return <li key={section.id}>{link(section.items[0], false)}</li>;
            const SectionIcon = sectionIcon(section.id);
            const title = t(`section.${section.id}` as MessageKey);
            const expanded = openSection === section.id && !mini;
            const holdsActive = activeSection === section.id;
            return (
              <li key={section.id} data-section={section.id}>
                <ListItemButton
                  onClick={() => toggleSection(section.id)}
                  aria-expanded={expanded}
                  title={mini ? title : undefined}
                  data-testid={`nav-section-${section.id}`}
                  sx={{
                    mx: 1.5,
                    mb: 0.5,
                    minHeight: 40,
                    px: 1.5,
                    ...(holdsActive ? { bgcolor: 'action.selected' } : {}),
                  }}
                >
                  <ListItemIcon sx={{ minWidth: mini ? 0 : 36, color: 'text.secondary' }}>
                    {/* A closed section holding the support entry still tells of unread answers. */}
                    <Badge
                      color="error"
                      variant="dot"
                      invisible={expanded || unreadCount === 0 || !section.items.some((item) => item.name === 'support')}
                      data-testid={`nav-section-badge-${section.id}`}
                    >
                      <SectionIcon />
                    </Badge>
                  </ListItemIcon>
                  {!mini && (
                    <>
                      <ListItemText primary={title} slotProps={ENTRY_TEXT} />
                      <ExpandMore
                        fontSize="small"
                        sx={{ transition: 'transform 0.2s', transform: expanded ? 'rotate(180deg)' : 'none' }}
                      />
                    </>
                  )}
                </ListItemButton>
                <Collapse in={expanded} timeout="auto">
                  <List disablePadding aria-label={title}>
                    {section.items.map((item) => <li key={item.name}>{link(item, true)}</li>)}
                  </List>
                </Collapse>
              </li>
            );
          })}
        </List>
      </Box>
    </Box>
  );

  if (!permanent) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        ModalProps={{ keepMounted: true }}
        data-testid="nav-drawer-temporary"
        // The open drawer is a dialog: named after the menu it holds.
        slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'aria-label': t('menu.navigation') } }}
      >
        {content}
      </Drawer>
    );
  }

  return (
    <Box sx={{ width: placeholderWidth, flexShrink: 0, transition: 'width 0.2s' }}>
      <Drawer
        variant="permanent"
        open
        data-testid="nav-drawer-permanent"
        data-collapsed={collapsed}
        slotProps={{
          paper: {
            sx: {
              width: paperWidth,
              overflowX: 'hidden',
              transition: 'width 0.2s',
              boxShadow: hovered && collapsed ? 8 : 'none',
              ...(theme.skin === 'bordered' ? {} : { borderRight: 'none', borderLeft: 'none', boxShadow: 2 }),
            },
          },
        }}
      >
        {content}
      </Drawer>
    </Box>
  );
}
