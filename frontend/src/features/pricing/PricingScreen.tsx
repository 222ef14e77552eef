import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import { PageHeader } from '../../components/PageHeader';
import { DataTable, type Column } from '../../components/table/DataTable';
import { moneyColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { useListPricingQuery, type EffectivePrice } from './api';
import '../../i18n/screens';

/** /compte/pricing, "Tarifs" (merchant): what he pays in every city served, his own prices marked. */
export default function PricingScreen() {
  const t = useT();
  const list = useListState({ sort: 'city' });
  const result = useListPricingQuery(list.args);
  const columns: Column<EffectivePrice>[] = [
    { id: 'city_name', label: t('cities.name'), sortKey: 'city' },
    moneyColumn('delivery_fee', t('fees.delivery'), 'delivery_fee'),
    moneyColumn('return_fee', t('fees.return')),
    moneyColumn('refusal_fee', t('fees.refusal')),
    {
      id: 'overridden',
      label: t('pricing.kind'),
      render: (p) =>
        p.overridden ? (
          <Chip size="small" color="primary" label={t('pricing.overridden')} data-testid="pricing-overridden" />
        ) : (
          <Chip size="small" variant="outlined" label={t('pricing.standard')} />
        ),
    },
  ];
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="pricing-screen">
      <PageHeader title={t('route.pricing')} subtitle={t('pricing.subtitle')} />
      <DataTable
        columns={columns}
        list={list}
        result={result}
        rowKey={(price) => price.city}
        rowName={(price) => price.city_name}
        searchPlaceholder={t('cities.search')}
        emptyMessage={t('pricing.empty')}
        testId="pricing-table"
      />
    </Box>
  );
}
