import MenuIcon from '@mui/icons-material/Menu';
import Search from '@mui/icons-material/Search';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useEffectEvent, useMemo, useState, type ComponentType, type ComponentProps } from 'react';
import { useAppSelector } from '../core/hooks';
import { selectSessionInfo } from '../core/session/authSlice';
import { useT, type MessageKey } from '../i18n';
import { pathOf, visibleMenu } from '../navigation/access';
import { ThemeToggle } from './DisplayControls';
import type { SearchDialog as SearchDialogType } from './SearchDialog';
import { isSearchShortcut, type SearchEntry } from './searchPages';
import { useUnreadTicketCount } from '../components/support/unread';
import { SettingsMenu } from './SettingsMenu';
import { UserMenu } from './UserMenu';

interface Props {
  desktop: boolean;
  onOpenMenu: () => void;
}

/** Pages the user may open: the visible menu entries, the profile and, for clients, Tarifs. */
export function useSearchPages(): SearchEntry[] {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  return useMemo(() => {
    if (!session.role) return [];
    const entries: SearchEntry[] = visibleMenu(session.role, session.permissions).flatMap((section) =>
      section.items.map((route) => ({
        name: route.name,
        path: route.path,
        title: t(`route.${route.name}` as MessageKey),
      })),
    );
    entries.push({ name: 'profile', path: pathOf('profile', session), title: t('route.profile') });
    return entries;
  }, [session, t]);
}

type SearchDialogComponent = ComponentType<ComponentProps<typeof SearchDialogType>>;

/**
 * The search dialog's code, fetched the first time it is wanted (the pointer or the focus on its
 * button, or its shortcut): none of it weighs on the first screen after sign-in.
 */
function useSearchDialog(): [SearchDialogComponent | null, () => Promise<unknown>] {
  const [dialog, setDialog] = useState<SearchDialogComponent | null>(null);
  const load = () =>
    dialog ? Promise.resolve() : import(/* webpackChunkName: "search-dialog" */ './SearchDialog').then((module) => setDialog(() => module.SearchDialog));
  return [dialog, load];
}

export function TopBar({ desktop, onOpenMenu }: Props) {
  const t = useT();
  const [searchOpen, setSearchOpen] = useState(false);
  const [SearchDialog, loadSearch] = useSearchDialog();
  const pages = useSearchPages();
  const unreadCount = useUnreadTicketCount();
  const openSearch = () => {
    setSearchOpen(true);
    // Without a network: not open, tried again the next time.
    loadSearch().catch(() => setSearchOpen(false));
  };
  const prefetchSearch = () => {
    loadSearch().catch(() => undefined);
  };

  const onShortcut = useEffectEvent(openSearch);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isSearchShortcut(event)) {
        event.preventDefault();
        onShortcut();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <AppBar
      position="sticky"
      data-testid="top-bar"
      sx={{ bgcolor: 'background.default', color: 'text.primary', backdropFilter: 'blur(6px)' }}
    >
      <Toolbar sx={{ gap: 1, px: { xs: 2, sm: 3 } }}>
        {!desktop && (
          <IconButton edge="start" color="inherit" onClick={onOpenMenu} aria-label={t('menu.open')} data-testid="nav-hamburger">
            {/* On a phone the menu is hidden: its button tells of unread support answers. */}
            <Badge color="error" variant="dot" invisible={unreadCount === 0} data-testid="nav-hamburger-badge">
              <MenuIcon />
            </Badge>
          </IconButton>
        )}
        <ButtonBase
          onClick={openSearch}
          onPointerEnter={prefetchSearch}
          onFocus={prefetchSearch}
          aria-label={t('topbar.search')}
          aria-keyshortcuts="Control+Shift+Slash"
          data-testid="search-open"
          sx={{ borderRadius: 2, px: 1, py: 0.75, gap: 1, color: 'text.secondary' }}
        >
          <Search />
          {desktop && (
            <>
              <Typography variant="body2">{t('topbar.search')}</Typography>
              <Typography
                variant="caption"
                dir="ltr"
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 0.75 }}
              >
                {t('topbar.searchShortcut')}
              </Typography>
            </>
          )}
        </ButtonBase>
        <Box sx={{ flexGrow: 1 }} />
        <ThemeToggle />
        <SettingsMenu />
        <UserMenu compact={!desktop} />
      </Toolbar>
      {SearchDialog && <SearchDialog open={searchOpen} onClose={() => setSearchOpen(false)} pages={pages} />}
    </AppBar>
  );
}
