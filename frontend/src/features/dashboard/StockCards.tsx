import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import WarehouseOutlined from '@mui/icons-material/WarehouseOutlined';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../core/hooks';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { ONE, useListInventoriesQuery, useListMovementsQuery, useStockService } from '../../components/inventory/api';
import { STOCK_TAB_PARAM } from '../../components/inventory/tabs';
import { countOf, FigureCard } from './FigureCard';
import '../../i18n/inventory';

/** The merchant's stock at a glance (once his stock service is active): low stock, entries not yet received. */
export function StockCards() {
  const session = useAppSelector(selectSessionInfo);
  const path = pathOf('inventory-management', session);
  const held = path !== NOT_FOUND_PATH;
  const { service } = useStockService(!held);
  if (!held || service?.status !== 'active') return null;
  return <ActiveStockCards path={path} />;
}

function ActiveStockCards({ path }: { path: string }) {
  const t = useT();
  const low = countOf(useListInventoriesQuery({ ...ONE, low: true }));
  const pending = countOf(useListMovementsQuery({ ...ONE, type: 'entry', state: 'pending' }));
  return (
    <Box component="section" aria-labelledby="stock-cards-title" data-testid="stock-cards">
      <Typography variant="h6" component="h2" id="stock-cards-title" sx={{ mb: 2 }}>
        {t('inventory.cards.title')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <FigureCard icon={WarehouseOutlined} label={t('inventory.cards.low')} hint={t('inventory.cards.lowHint')} count={low} to={`${path}?low=true`} testId="stock-low" />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
          <FigureCard
            icon={Inventory2Outlined}
            label={t('inventory.cards.pendingEntries')}
            hint={t('inventory.cards.pendingEntriesHint')}
            count={pending}
            to={`${path}?${STOCK_TAB_PARAM}=movements`}
            testId="stock-pending-entries"
          />
        </Grid>
      </Grid>
    </Box>
  );
}
