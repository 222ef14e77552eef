import EventAvailableOutlined from '@mui/icons-material/EventAvailableOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../core/hooks';
import { productName } from '../config';
import { selectSessionInfo } from '../core/session/authSlice';
import { useT, type MessageKey } from '../i18n';
import { firstPermission } from '../navigation/guard';
import { pathOf } from '../navigation/access';
import type { RouteDef } from '../navigation/types';

interface Props {
  route: RouteDef;
}

/** The one screen shown by every route whose real screen belongs to a later issue. */
export default function NotAvailableYet({ route }: Props) {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const screen = t(`route.${route.name}` as MessageKey);
  const home = pathOf(firstPermission(session), session);
  return (
    <Card data-testid="not-available-yet">
      <CardContent
        sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 2, py: 8 }}
      >
        <Box
          sx={{
            width: 72,
            height: 72,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.hover',
            color: 'primary.main',
          }}
        >
          <EventAvailableOutlined fontSize="large" />
        </Box>
        <Typography variant="overline" color="text.secondary">
          {screen}
        </Typography>
        <Typography variant="h5" component="h1">
          {t('notAvailable.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
          {t('notAvailable.body', { screen, product: productName() })}
        </Typography>
        <Button component={RouterLink} to={home} variant="contained">
          {t('notAvailable.back')}
        </Button>
      </CardContent>
    </Card>
  );
}
