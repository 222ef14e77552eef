import type { FormValues } from '../../components/form/fields';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { CityAutocomplete, type CityOption } from '../../components/city/CityAutocomplete';
import { BankAccountCell } from '../../components/shop/BankAccountCell';
import { useCreateShopMutation, useListShopsQuery, useUpdateShopMutation, type Shop, type ShopBody, type ShopUpdated } from '../../components/shop/api';
import '../../i18n/payout';
import '../../i18n/screens';

interface ShopForm extends FormValues {
  name: string;
  phone: string;
  address: string;
  city: CityOption | null;
  bank_account: string;
}

function toBody(values: ShopForm): ShopBody {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city?.key ?? '',
    bank_account: values.bank_account.replace(/\s+/g, ''),
  };
}

/** The RIB a shop's merchant asked for and that waits for the staff, if any. */
function pendingOf(shop: Shop): string | null {
  return shop.bank_account_change?.status === 'pending' ? shop.bank_account_change.bank_account : null;
}

/**
 * /compte/shops (merchant): his shops, where parcels are picked up and which invoices pay. A new
 * RIB waits for the staff's approval (the server answers 202): the row shows it pending, then
 * approved or refused with the reason.
 */
export default function ShopsScreen() {
  const t = useT();
  const list = useListState({ sort: 'name' });
  const result = useListShopsQuery(list.args);
  const [createShop] = useCreateShopMutation();
  const [updateShop] = useUpdateShopMutation();

  const columns: Column<Shop>[] = [
    { id: 'name', label: t('shops.name'), sortKey: 'name' },
    { id: 'city_name', label: t('shops.city') },
    { id: 'phone', label: t('shops.phone') },
    { id: 'address', label: t('shops.address') },
    { id: 'bank_account', label: t('shops.bankAccount'), render: (shop) => <BankAccountCell shop={shop} /> },
    dateColumn('created_at', t('crud.createdAt'), 'created_at'),
  ];

  return (
    <ResourceScreen<Shop, ShopForm>
      title={t('route.shops')}
      subtitle={t('shops.subtitle')}
      testId="shops-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={(shop) => shop.name}
      searchPlaceholder={t('shops.search')}
      emptyMessage={t('shops.empty')}
      form={{
        createLabel: t('shops.create'),
        createTitle: t('shops.createTitle'),
        editTitle: (shop) => t('shops.editTitle', { name: shop.name }),
        empty: () => ({ name: '', phone: '', address: '', city: null, bank_account: '' }),
        fromRow: (shop) => ({
          name: shop.name,
          phone: shop.phone,
          address: shop.address,
          city: { key: shop.city, name: shop.city_name },
          // A RIB waiting for approval is what the merchant last typed: he edits that one.
          bank_account: (pendingOf(shop) ?? shop.bank_account) ?? '',
        }),
        savedNotice: (result) => ((result as ShopUpdated | undefined)?.requested ? t('payout.rib.requested') : undefined),
        fields: (shop) => [
          { name: 'name', label: t('shops.name'), required: true, wide: true, autoFocus: true, maxLength: 100 },
          { name: 'phone', label: t('shops.phone'), type: 'tel', required: true, helperText: t('auth.phoneHelp') },
          { name: 'city', label: t('shops.city'), type: 'custom', required: true, render: (props) => <CityAutocomplete {...props} /> },
          { name: 'address', label: t('shops.address'), type: 'multiline', required: true, wide: true, maxLength: 255 },
          {
            name: 'bank_account',
            label: t('shops.bankAccount'),
            wide: true,
            inputMode: 'numeric',
            helperText: !shop ? t('shops.bankAccountHelp') : pendingOf(shop) ? t('payout.rib.formPendingHelp') : t('payout.rib.formHelp'),
          },
        ],
      }}
      onCreate={(values) => createShop(toBody(values)).unwrap()}
      onUpdate={(shop, values) => updateShop({ key: shop.key, body: toBody(values) }).unwrap()}
    />
  );
}
