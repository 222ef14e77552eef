import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { useListShopsQuery, type Shop } from '../shops/api';
import { formatRib } from '../shops/rib';
import { personName, type ClientView } from './api';
import '../../i18n/screens';

/** A merchant's shops (GET /api/shops?client=KEY), in a side panel of the clients screen. */
export function ClientShopsDrawer({ client, onClose }: { client: ClientView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer anchor="right" open={client !== null} onClose={onClose} data-testid="client-shops-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 720, md: 880 }, maxWidth: '100vw', boxSizing: 'border-box', p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="h2">
              {t('clients.shopsTitle', { name: client ? client.company || personName(client) : '' })}
            </Typography>
            {client && (
              <Typography variant="body2" color="text.secondary">
                {personName(client)} · {client.email}
              </Typography>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {client && <ShopsOf client={client.key} />}
      </Box>
    </Drawer>
  );
}

function ShopsOf({ client }: { client: string }) {
  const t = useT();
  const list = useListState({ sort: 'name' });
  const result = useListShopsQuery({ ...list.args, client });
  const columns: Column<Shop>[] = [
    { id: 'name', label: t('shops.name'), sortKey: 'name' },
    { id: 'city_name', label: t('shops.city') },
    { id: 'phone', label: t('shops.phone') },
    { id: 'address', label: t('shops.address') },
    { id: 'bank_account', label: t('shops.bankAccount'), render: (shop) => <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatRib(shop.bank_account)}</Box> },
  ];
  return (
    <DataTable
      embedded
      columns={columns}
      list={list}
      result={result}
      rowKey={(shop) => shop.key}
      searchPlaceholder={t('shops.search')}
      emptyMessage={t('clients.noShop')}
      testId="client-shops"
    />
  );
}
