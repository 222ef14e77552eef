import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import { PageHeader } from '../../components/PageHeader';
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { useListShopsQuery } from '../../components/shop/api';
import { ImportPanel } from './ImportPanel';
import { ParcelForm } from './ParcelForm';
import '../../i18n/parcels';

type TabId = 'form' | 'import';

/** /compte/ajouter-de-nouveaux-colis: the quick entry form, and the import of a whole file. */
export default function AddParcelsScreen() {
  const t = useT();
  const session = useAppSelector(selectSessionInfo);
  const [tab, setTab] = useState<TabId>('form');
  const { data, isLoading, isError, refetch } = useListShopsQuery({ page: 1, per_page: 100, sort: 'name' });
  const shops = data?.data ?? [];
  const shopsPath = pathOf('shops', session);

  const body = () => {
    if (isLoading) return <Skeleton variant="rounded" height={320} />;
    if (isError) {
      return (
        <Alert severity="error" action={<Link component="button" onClick={() => refetch()}>{t('error.retry')}</Link>}>
          {t('parcels.form.shopsError')}
        </Alert>
      );
    }
    if (shops.length === 0) {
      return (
        <Alert severity="info" data-testid="no-shop">
          {t('parcels.form.noShop')}{' '}
          {shopsPath !== NOT_FOUND_PATH && (
            <Link component={RouterLink} to={shopsPath}>
              {t('parcels.form.createShop')}
            </Link>
          )}
        </Alert>
      );
    }
    return tab === 'form' ? <ParcelForm shops={shops} /> : <ImportPanel shops={shops} />;
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="add-parcels-screen">
      <PageHeader title={t('route.add-new-parcels')} subtitle={t('parcels.form.subtitle')} />
      <Card>
        <Box sx={{ borderBottom: 1, borderColor: 'divider', px: 2 }}>
          <Tabs value={tab} onChange={(_event, value: TabId) => setTab(value)}>
            <Tab value="form" label={t('parcels.form.tab')} data-testid="tab-form" />
            <Tab value="import" label={t('parcels.import.tab')} data-testid="tab-import" />
          </Tabs>
        </Box>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>{body()}</CardContent>
      </Card>
    </Box>
  );
}
