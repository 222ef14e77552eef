import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Outlet } from 'react-router';
import { BrandLogo } from '../components/BrandLogo';
import { LanguageSwitch, ThemeToggle } from './DisplayControls';

/** Layout of the sign-in, registration, activation and 404 pages. */
export function BlankLayout() {
  return (
    <Box
      data-testid="layout-blank"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
    >
      <Stack
        component="header"
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', px: { xs: 2, sm: 4 }, py: 2 }}
      >
        <BrandLogo withName />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <LanguageSwitch />
          <ThemeToggle />
        </Stack>
      </Stack>
      <Box
        component="main"
        id="main-content"
        sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, pb: 6 }}
      >
        <Outlet />
      </Box>
    </Box>
  );
}
