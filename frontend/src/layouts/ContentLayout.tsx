import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAppDispatch, useAppSelector } from '../core/hooks';
import { BOXED_CONTENT_MAX_WIDTH, DESKTOP_BREAKPOINT, THEME_DEFAULTS } from '../theme/constants';
import { toggleNavCollapsed } from '../theme/settingsSlice';
import { Footer } from './Footer';
import { TopBar } from './TopBar';
import { VerticalNav } from './VerticalNav';

// Route transition "scroll-x-transition": the new screen slides in along the x axis.
const scrollX = keyframes`
  from { opacity: 0; transform: translateX(-15px); }
  to { opacity: 1; transform: none; }
`;

/** Layout of the signed-in screens: vertical menu, top bar, content and footer. */
export default function ContentLayout() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const desktop = useMediaQuery(`(min-width:${DESKTOP_BREAKPOINT}px)`, { noSsr: true });
  const collapsed = useAppSelector((state) => state.settings.navCollapsed);
  const contentWidth = useAppSelector((state) => state.settings.contentWidth);
  const [mobileOpen, setMobileOpen] = useState(false);

  return (
    <Box
      data-testid="layout-content"
      data-layout={THEME_DEFAULTS.layout}
      data-content-width={contentWidth}
      sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}
    >
      <VerticalNav
        variant={desktop ? 'permanent' : 'temporary'}
        collapsed={collapsed}
        onToggleCollapsed={() => dispatch(toggleNavCollapsed())}
        open={!desktop && mobileOpen}
        onClose={() => setMobileOpen(false)}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Box
          sx={{
            width: '100%',
            mx: 'auto',
            maxWidth: contentWidth === 'boxed' ? BOXED_CONTENT_MAX_WIDTH : 'none',
            display: 'flex',
            flexDirection: 'column',
            flexGrow: 1,
          }}
        >
          <TopBar desktop={desktop} onOpenMenu={() => setMobileOpen(true)} />
          <Box component="main" id="main-content" sx={{ flexGrow: 1, px: { xs: 2, sm: 3 }, py: 3 }}>
            <Box
              key={pathname}
              className={THEME_DEFAULTS.routeTransition}
              sx={{
                animation: `${scrollX} 0.25s ease-out`,
                '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
              }}
            >
              <Outlet />
            </Box>
          </Box>
          <Footer />
        </Box>
      </Box>
    </Box>
  );
}
