import Close from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { FormValues } from '../../components/form/fields';
import { FormDialog } from '../../components/form/FormDialog';
import { NoticeSnackbar, useNotice } from '../../components/NoticeSnackbar';
import { DataTable, type Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { PhoneText } from '../../components/PhoneLink';
import { CityAutocomplete, type CityOption } from '../../components/city/CityAutocomplete';
import { useListShopsQuery, useUpdateShopMutation, type Shop, type ShopBody } from '../../components/shop/api';
import { BankAccountCell } from '../../components/shop/BankAccountCell';
import { personName, type MerchantView } from '../../components/merchant/api';
import '../../i18n/payout';
import '../../i18n/screens';

/** A merchant's shops (GET /api/shops?client=KEY), in a side panel of the clients screen. */
export function MerchantShopsDrawer({ merchant, onClose }: { merchant: MerchantView | null; onClose: () => void }) {
  const t = useT();
  return (
    <Drawer anchor="right" open={merchant !== null} onClose={onClose} data-testid="client-shops-drawer">
      <Box sx={{ width: { xs: '100vw', sm: 720, md: 880 }, maxWidth: '100vw', boxSizing: 'border-box', p: 3 }}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', mb: 2 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="h6" component="h2">
              {t('merchants.shopsTitle', { name: merchant ? merchant.company || personName(merchant) : '' })}
            </Typography>
            {merchant && (
              <Typography variant="body2" color="text.secondary">
                {personName(merchant)} · {merchant.email}
              </Typography>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={t('common.close')}>
            <Close />
          </IconButton>
        </Stack>
        {merchant && <ShopsOf merchant={merchant.key} />}
      </Box>
    </Drawer>
  );
}

interface ShopForm extends FormValues {
  name: string;
  phone: string;
  address: string;
  city: CityOption | null;
  /** Empty: the current RIB stays. */
  bank_account: string;
}

function ShopsOf({ merchant }: { merchant: string }) {
  const t = useT();
  const list = useListState({ sort: 'name', url: false });
  const result = useListShopsQuery({ ...list.args, client: merchant });
  const [updateShop] = useUpdateShopMutation();
  const [editing, setEditing] = useState<Shop | null>(null);
  const { notice, notify, close } = useNotice();
  const columns: Column<Shop>[] = [
    { id: 'name', label: t('shops.name'), sortKey: 'name' },
    { id: 'city_name', label: t('shops.city') },
    { id: 'phone', label: t('shops.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'address', label: t('shops.address') },
    { id: 'bank_account', label: t('shops.bankAccount'), render: (shop) => <BankAccountCell shop={shop} /> },
  ];
  const pending = editing?.bank_account_change?.status === 'pending' ? editing.bank_account_change.bank_account : null;
  return (
    <>
      <DataTable
        embedded
        columns={columns}
        list={list}
        result={result}
        rowKey={(shop) => shop.key}
        rowName={(shop) => shop.name}
        rowActions={() => [{ id: 'edit', label: t('crud.edit'), icon: <EditOutlined fontSize="small" />, onClick: setEditing }]}
        searchPlaceholder={t('shops.search')}
        emptyMessage={t('merchants.noShop')}
        testId="client-shops"
      />
      {editing && (
        <FormDialog<ShopForm>
          open
          title={t('shops.editTitle', { name: editing.name })}
          intro={
            pending ? (
              <Alert severity="warning" sx={{ mb: 2 }} data-testid="shop-rib-pending">
                {t('payout.rib.adminPending', { rib: pending })}
              </Alert>
            ) : undefined
          }
          fields={[
            { name: 'name', label: t('shops.name'), required: true, wide: true, maxLength: 100 },
            { name: 'phone', label: t('shops.phone'), type: 'tel', required: true, helperText: t('auth.phoneHelp') },
            { name: 'city', label: t('shops.city'), type: 'custom', required: true, render: (props) => <CityAutocomplete {...props} /> },
            { name: 'address', label: t('shops.address'), type: 'multiline', required: true, wide: true, maxLength: 255 },
            {
              name: 'bank_account',
              label: t('shops.bankAccount'),
              wide: true,
              inputMode: 'numeric',
              disabled: Boolean(pending),
              helperText: t('payout.rib.adminHelp', { rib: editing.bank_account ?? t('payout.changes.none') }),
            },
          ]}
          initialValues={{
            name: editing.name,
            phone: editing.phone,
            address: editing.address,
            city: { key: editing.city, name: editing.city_name },
            bank_account: '',
          }}
          onSubmit={(values) => {
            const rib = values.bank_account.replace(/\s+/g, '');
            const body: ShopBody = {
              name: values.name.trim(),
              phone: values.phone.trim(),
              address: values.address.trim(),
              city: values.city?.key ?? '',
              // The staff never see a RIB in full: an empty field keeps the current one.
              ...(rib ? { bank_account: rib } : {}),
            };
            return updateShop({ key: editing.key, body }).unwrap();
          }}
          onSaved={() => notify(t('crud.saved'))}
          onClose={() => setEditing(null)}
          testId="shop-edit-dialog"
        />
      )}
      <NoticeSnackbar notice={notice} onClose={close} testId="client-shops-notice" />
    </>
  );
}
