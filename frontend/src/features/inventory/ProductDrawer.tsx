import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DetailField, DetailSection } from '../../components/DetailList';
import { useT } from '../../i18n';
import { useGetInventoryQuery, type Inventory } from '../../components/inventory/api';
import { MovementLines } from './MovementLines';
import { ProductReservations } from './ProductReservations';
import '../../i18n/inventory';
import '../../i18n/screens';
import { Ltr } from '../../components/Ltr';

/** A product's figures and its latest movements, in a side panel (the whole screen on a phone). */
export function ProductDrawer({ product, onClose }: { product: Inventory | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer anchor="right" open={product !== null} onClose={onClose} data-testid="product-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 560 }, maxWidth: '100vw', boxSizing: 'border-box', p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h6" component="h2">
              {product?.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <Ltr>{product?.sku}</Ltr>
              {product ? ` · ${product.client.company || product.client.name}` : ''}
            </Typography>
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {product && <ProductDetail productKey={product.key} />}
      </Box>
    </Drawer>
  );
}

function ProductDetail({ productKey }: { productKey: string }) {
  const t = useT();
  const { data, isLoading, isError } = useGetInventoryQuery(productKey);
  if (isLoading) return <Skeleton variant="rounded" height={240} />;
  if (isError || !data) return <Alert severity="error">{t('error.generic')}</Alert>;
  const product = data.data;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {product.low && <Alert severity="warning">{t('inventory.lowAlert', { count: product.available })}</Alert>}
      <DetailSection title={t('inventory.figures')} testId="product-figures">
        <DetailField label={t('inventory.onHand')} value={product.on_hand} testId="figure-on_hand" />
        <DetailField label={t('inventory.reserved')} value={product.reserved} testId="figure-reserved" />
        <DetailField label={t('inventory.available')} value={product.available} testId="figure-available" />
        <DetailField label={t('inventory.pendingEntries')} value={product.pending_entries} />
        <DetailField label={t('inventory.alertThreshold')} value={product.alert_threshold ?? '—'} />
      </DetailSection>
      <ProductReservations reservations={product.reservations} />
      <Box>
        <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
          {t('inventory.movements')}
        </Typography>
        <MovementLines movements={product.movements} />
      </Box>
    </Box>
  );
}
