import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { productName } from '../config';
import { useT } from '../i18n';

/** Product name and current year. */
export function Footer() {
  const t = useT();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      data-testid="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: { xs: 2, sm: 3 },
        py: 2,
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{t('app.footer', { year, product: productName() })}</Typography>
      <Typography variant="body2">{t('app.footerTagline')}</Typography>
    </Box>
  );
}
