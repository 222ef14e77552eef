import Box from '@mui/material/Box';
import type { FormValues } from '../../components/form/fields';
import { ResourceScreen } from '../../components/resource/ResourceScreen';
import type { Column } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useT } from '../../i18n';
import { PhoneText } from '../../components/PhoneLink';
import { CityAutocomplete, type CityOption } from '../../components/city/CityAutocomplete';
import { BankAccountCell } from '../../components/shop/BankAccountCell';
import {
  useCreateShopMutation,
  useListShopsQuery,
  useUpdateShopMutation,
  useUploadCertificate,
  type Shop,
  type ShopBody,
  type ShopUpdated,
} from '../../components/shop/api';
import type { CertificateChoice } from '../../components/shop/certificate';
import { CertificateField, PendingCertificate, certificateProblemText } from './Certificate';
import '../../i18n/payout';
import '../../i18n/screens';

interface ShopForm extends FormValues {
  name: string;
  phone: string;
  address: string;
  city: CityOption | null;
  bank_account: string;
  /** The bank's certificate of a new RIB (edit form only), sent once the RIB is saved. */
  certificate: CertificateChoice | null;
}

const ribOf = (values: ShopForm) => values.bank_account.replace(/\s+/g, '');

function toBody(values: ShopForm): ShopBody {
  return {
    name: values.name.trim(),
    phone: values.phone.trim(),
    address: values.address.trim(),
    city: values.city?.key ?? '',
    bank_account: ribOf(values),
  };
}

/** The RIB a shop's merchant asked for and that waits for the staff, if any. */
function pendingOf(shop: Shop): string | null {
  return shop.bank_account_change?.status === 'pending' ? shop.bank_account_change.bank_account : null;
}

/**
 * /compte/shops (merchant): his shops, where parcels are picked up and which invoices pay. A new
 * RIB waits for the staff's approval (the server answers 202): the row shows it pending, then
 * approved or refused with the reason. The bank's certificate goes with it: chosen in the edit
 * form (uploaded to the pending change the answer carries) or attached to the pending change from
 * the row later.
 */
export default function ShopsScreen() {
  const t = useT();
  const list = useListState({ sort: 'name' });
  const result = useListShopsQuery(list.args);
  const [createShop] = useCreateShopMutation();
  const [updateShop] = useUpdateShopMutation();
  const uploadCertificate = useUploadCertificate();

  const columns: Column<Shop>[] = [
    { id: 'name', label: t('shops.name'), sortKey: 'name' },
    { id: 'city_name', label: t('shops.city') },
    { id: 'phone', label: t('shops.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'address', label: t('shops.address') },
    {
      id: 'bank_account',
      label: t('shops.bankAccount'),
      render: (shop) => (
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start', minWidth: 0 }}>
          <BankAccountCell shop={shop} />
          {shop.bank_account_change?.status === 'pending' && <PendingCertificate change={shop.bank_account_change} />}
        </Box>
      ),
    },
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
        empty: () => ({ name: '', phone: '', address: '', city: null, bank_account: '', certificate: null }),
        fromRow: (shop) => ({
          name: shop.name,
          phone: shop.phone,
          address: shop.address,
          city: { key: shop.city, name: shop.city_name },
          // A RIB waiting for approval is what the merchant last typed: he edits that one.
          bank_account: (pendingOf(shop) ?? shop.bank_account) ?? '',
          certificate: null,
        }),
        validate: (values, shop): Record<string, string> => {
          const certificate = values.certificate;
          if (!certificate) return {};
          if (certificate.problem) return { certificate: certificateProblemText(certificate.problem, t) };
          // Nothing pending and the approved RIB kept: no change for the file to go with.
          if (shop && !pendingOf(shop) && ribOf(values) === (shop.bank_account ?? '')) return { certificate: t('payout.certificate.needsNewRib') };
          return {};
        },
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
          // A RIB given at creation is approved at once: a certificate goes with a change only.
          shop && {
            name: 'certificate',
            label: t('payout.certificate.label'),
            type: 'custom',
            wide: true,
            helperText: t('payout.certificate.formHelp'),
            render: (props) => <CertificateField {...props} />,
          },
        ],
      }}
      onCreate={(values) => createShop(toBody(values)).unwrap()}
      onUpdate={async (shop, values) => {
        const saved = await updateShop({ key: shop.key, body: toBody(values) }).unwrap();
        // The new RIB's pending change (a 202), or the one already waiting: the file goes to it.
        // A refusal (422) shows under the file, the form still open to choose another one.
        const change = saved.data.bank_account_change;
        if (values.certificate?.type && change?.status === 'pending') await uploadCertificate({ key: change.key, choice: values.certificate });
        return saved;
      }}
    />
  );
}
