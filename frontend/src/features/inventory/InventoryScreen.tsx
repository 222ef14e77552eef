import Add from '@mui/icons-material/Add';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Warehouse from '@mui/icons-material/WarehouseOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { failureMessage } from '../../components/form/failureMessage';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { PageHeader } from '../../components/PageHeader';
import { useT, type MessageKey } from '../../i18n';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useRequestStockServiceMutation, useStockService, type InventoryMerchant } from '../../components/inventory/api';
import { AdjustmentDialog } from './AdjustmentDialog';
import { ServiceStatusChip } from './chips';
import { MerchantsPanel } from './MerchantsPanel';
import { DeclareEntryDialog } from './DeclareEntryDialog';
import { ImportDialog } from './ImportDialog';
import { MovementsPanel } from './MovementsPanel';
import { PendingPanel } from './PendingPanel';
import { ProductsPanel } from './ProductsPanel';
import { STOCK_TAB_PARAM } from '../../components/inventory/tabs';
import '../../i18n/inventory';
import '../../i18n/screens';

/** /compte/gestion-des-stocks: the merchant's stock, or the admin's stock desk. */
export default function InventoryScreen() {
  const session = useAppSelector(selectSessionInfo);
  return session.role === 'admin' ? <AdminStock /> : <MerchantStock />;
}

/** The tab named in the address (`?onglet=`), so a dashboard card opens the right one. */
function useTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(STOCK_TAB_PARAM) as T | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0];
  return [
    tab,
    (next) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          out.set(STOCK_TAB_PARAM, next);
          return out;
        },
        { replace: true },
      ),
  ];
}

const TAB_LABELS: Record<string, MessageKey> = {
  products: 'inventory.tab.products',
  movements: 'inventory.tab.movements',
  clients: 'inventory.tab.clients',
  entries: 'inventory.tab.entries',
  returns: 'inventory.tab.returns',
};

/**
 * On a phone the tabs do not scroll sideways (the last ones out of sight): they share the width,
 * on more than one line when they need it (the admin's five), the chosen one underlined.
 */
const PHONE_TABS_SX = (theme: Theme) => ({
  '& .MuiTabs-list': { flexWrap: 'wrap' as const },
  '& .MuiTabs-indicator': { display: 'none' },
  '& .MuiTab-root': { flex: '1 1 auto', minWidth: 0, maxWidth: 'none', px: 1.5 },
  '& .MuiTab-root.Mui-selected': { boxShadow: `inset 0 -2px 0 ${theme.palette.primary.main}` },
});

function StockTabs<T extends string>({ tabs, tab, onChange }: { tabs: readonly T[]; tab: T; onChange: (tab: T) => void }) {
  const t = useT();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={tab}
        onChange={(_event, value: T) => onChange(value)}
        variant={phone ? 'standard' : 'scrollable'}
        allowScrollButtonsMobile={!phone}
        sx={phone ? PHONE_TABS_SX : undefined}
        data-testid="stock-tabs"
      >
        {tabs.map((name) => (
          <Tab key={name} value={name} label={t(TAB_LABELS[name])} data-testid={`stock-tab-${name}`} />
        ))}
      </Tabs>
    </Box>
  );
}

const MERCHANT_TABS = ['products', 'movements'] as const;

function MerchantStock() {
  const t = useT();
  const { service, isLoading, isError, refetch } = useStockService();
  const [tab, setTab] = useTab(MERCHANT_TABS);
  const [declaring, setDeclaring] = useState(false);
  const [importing, setImporting] = useState(false);

  const header = <PageHeader title={t('route.inventory-management')} subtitle={t('inventory.subtitle.client')} />;
  if (isLoading) {
    return (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="inventory-screen">
        {header}
        <Skeleton variant="rounded" height={240} data-testid="inventory-loading" />
      </Box>
    );
  }
  if (isError) {
    return (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="inventory-screen">
        {header}
        <Alert severity="error" action={<Link component="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
          {t('inventory.serviceError')}
        </Alert>
      </Box>
    );
  }
  if (!service || service.status !== 'active') {
    return (
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="inventory-screen">
        {header}
        <ServiceCard service={service} />
      </Box>
    );
  }
  const toolbar = (
    <>
      <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)} data-testid="import-button" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
        {t('inventory.import')}
      </Button>
    </>
  );
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="inventory-screen" data-service="active">
      <PageHeader
        title={t('route.inventory-management')}
        subtitle={t('inventory.subtitle.client')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setDeclaring(true)} data-testid="declare-entry">
            {t('inventory.declareEntry')}
          </Button>
        }
      />
      <StockTabs tabs={MERCHANT_TABS} tab={tab} onChange={setTab} />
      {tab === 'products' ? <ProductsPanel admin={false} toolbar={toolbar} /> : <MovementsPanel admin={false} />}
      <DeclareEntryDialog open={declaring} onClose={() => setDeclaring(false)} />
      <ImportDialog open={importing} onClose={() => setImporting(false)} />
    </Box>
  );
}

/** The stock service as the merchant sees it before it is active: ask for it, or where it stands. */
function ServiceCard({ service }: { service: InventoryMerchant | null }) {
  const t = useT();
  const [request, { isLoading }] = useRequestStockServiceMutation();
  const [error, setError] = useState<string | null>(null);
  const ask = async () => {
    setError(null);
    try {
      await request().unwrap();
    } catch (failure) {
      setError(failureMessage(failure, t));
    }
  };
  return (
    <Card data-testid="stock-service">
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 4 }, justifyItems: 'start' }}>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
          <Warehouse color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="h6" component="h2">
            {t('inventory.serviceTitle')}
          </Typography>
          {service && <ServiceStatusChip status={service.status} label={service.status_label} />}
        </Box>
        <Typography color="text.secondary">{t('inventory.serviceIntro')}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
          <li>{t('inventory.servicePoint1')}</li>
          <li>{t('inventory.servicePoint2')}</li>
          <li>{t('inventory.servicePoint3')}</li>
        </Box>
        {service?.status === 'pending' && (
          <Alert severity="info" data-testid="service-pending">
            {t('inventory.servicePending')}
          </Alert>
        )}
        {service?.status === 'suspended' && (
          <Alert severity="warning" data-testid="service-suspended">
            {t('inventory.serviceSuspended')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" data-testid="form-error">
            {error}
          </Alert>
        )}
        {!service && (
          <Button
            variant="contained"
            onClick={ask}
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : <Warehouse />}
            data-testid="request-service"
          >
            {t('inventory.requestService')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

const ADMIN_TABS = ['clients', 'products', 'entries', 'returns', 'movements'] as const;

function AdminStock() {
  const t = useT();
  const [tab, setTab] = useTab(ADMIN_TABS);
  const [adjusting, setAdjusting] = useState(false);
  const { notice, notify, close } = useNotice();
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }} data-testid="inventory-screen" data-role="admin">
      <PageHeader
        title={t('route.inventory-management')}
        subtitle={t('inventory.subtitle.admin')}
        actions={
          <Button variant="outlined" startIcon={<TuneOutlined />} onClick={() => setAdjusting(true)} data-testid="adjust-button">
            {t('inventory.adjustment')}
          </Button>
        }
      />
      <StockTabs tabs={ADMIN_TABS} tab={tab} onChange={setTab} />
      {tab === 'clients' && <MerchantsPanel />}
      {tab === 'products' && <ProductsPanel admin />}
      {tab === 'entries' && <PendingPanel key="entry" type="entry" />}
      {tab === 'returns' && <PendingPanel key="return" type="return" />}
      {tab === 'movements' && <MovementsPanel admin />}
      <AdjustmentDialog open={adjusting} onClose={() => setAdjusting(false)} onDone={() => notify(t('inventory.adjusted'))} />
      <NoticeSnackbar notice={notice} onClose={close} testId="adjust-notice" />
    </Box>
  );
}
