import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import PhoneInTalkOutlined from '@mui/icons-material/PhoneInTalkOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../core/hooks';
import type { FormValues } from '../../components/form/fields';
import { FormDialog } from '../../components/form/FormDialog';
import { activeToggleAction, ResourceScreen } from '../../components/resource/ResourceScreen';
import { ActiveChip } from '../../components/StatusChip';
import type { Column } from '../../components/table/DataTable';
import { dateColumn } from '../../components/table/columns';
import { useListState } from '../../components/table/useListState';
import { useLanguage, useT } from '../../i18n';
import { formatMoney } from '../../components/moneyFormat';
import { PhoneText } from '../../components/PhoneLink';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { permissionGroups } from '../../components/staff/permissions';
import {
  personName,
  useDeleteMerchantMutation,
  useListMerchantsQuery,
  useUpdateMerchantMutation,
  type MerchantStatus,
  type MerchantView,
} from '../../components/merchant/api';
import { MerchantShopsDrawer } from './MerchantShopsDrawer';
import '../../i18n/payout';
import '../../i18n/screens';

interface MerchantForm extends FormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  company: string;
  ice: string;
  /** On the confirmation service: his new parcels wait « à confirmer » for our agents' call. */
  confirmation_required: boolean;
  /** Centimes (typed in dirhams); empty: none. */
  confirmation_fee: number | null;
}

/** The server's bounds of the price of a confirmation (centimes): 0 to 1 000 DH. */
const CONFIRMATION_FEE_MAX = 100_000;

/** /compte/clients (admin): merchant accounts to activate, edit, give permissions or delete. */
export default function MerchantsScreen() {
  const t = useT();
  const list = useListState({ filters: { status: 'new' satisfies MerchantStatus } });
  const result = useListMerchantsQuery(list.args);
  const [updateMerchant] = useUpdateMerchantMutation();
  const [deleteMerchant] = useDeleteMerchantMutation();
  const [shopsOf, setShopsOf] = useState<MerchantView | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<MerchantView | null>(null);
  const changesPath = pathOf('bank-account-changes', useAppSelector(selectSessionInfo));
  const language = useLanguage();
  const feeBounds = { min: formatMoney(0, language), max: formatMoney(CONFIRMATION_FEE_MAX, language) };

  const columns: Column<MerchantView>[] = [
    { id: 'name', label: t('merchants.name'), sortKey: 'last_name', render: personName },
    {
      id: 'company',
      label: t('merchants.company'),
      sortKey: 'company',
      render: (merchant) => (
        <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.75 }}>
          <span>{merchant.company || '—'}</span>
          {merchant.confirmation_required && (
            <Tooltip title={t('merchants.confirmationChipHint')} describeChild>
              <Chip
                size="small"
                variant="outlined"
                color="info"
                icon={<PhoneInTalkOutlined />}
                label={t('merchants.confirmationChip')}
                data-testid="merchant-confirmation-chip"
              />
            </Tooltip>
          )}
        </Box>
      ),
    },
    { id: 'email', label: t('merchants.email'), sortKey: 'email' },
    { id: 'phone', label: t('merchants.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'city', label: t('merchants.city'), render: (c) => c.city || '—' },
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (c) => <ActiveChip active={c.active} inactiveLabel={t('merchants.inactive')} /> },
    dateColumn('created_at', t('merchants.registered'), 'created_at'),
  ];

  return (
    <ResourceScreen<MerchantView, MerchantForm>
      title={t('route.clients')}
      subtitle={t('merchants.subtitle')}
      testId="clients-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={personName}
      searchPlaceholder={t('merchants.search')}
      tabs={{
        filter: 'status',
        options: [
          { value: 'new', label: t('merchants.tabNew') },
          { value: 'activated', label: t('merchants.tabActivated') },
          { value: 'all', label: t('merchants.tabAll') },
        ],
      }}
      emptyMessage={list.filters.status === 'new' ? t('merchants.emptyNew') : t('merchants.empty')}
      form={{
        editTitle: (merchant) => t('merchants.editTitle', { name: personName(merchant) }),
        empty: () => ({ first_name: '', last_name: '', phone: '', email: '', company: '', ice: '', confirmation_required: false, confirmation_fee: 0 }),
        fromRow: (merchant) => ({
          first_name: merchant.first_name,
          last_name: merchant.last_name,
          phone: merchant.phone ?? '',
          email: merchant.email,
          company: merchant.company ?? '',
          ice: merchant.ice ?? '',
          confirmation_required: merchant.confirmation_required,
          confirmation_fee: merchant.confirmation_fee,
        }),
        validate: (values): Record<string, string> =>
          (values.confirmation_fee ?? 0) > CONFIRMATION_FEE_MAX ? { confirmation_fee: t('merchants.confirmationFeeRange', feeBounds) } : {},
        fields: () => [
          { name: 'first_name', label: t('auth.firstName'), required: true, autoComplete: 'off' },
          { name: 'last_name', label: t('auth.lastName'), required: true },
          { name: 'phone', label: t('auth.phone'), type: 'tel', required: true, helperText: t('auth.phoneHelp') },
          { name: 'email', label: t('auth.email'), type: 'email', required: true },
          { name: 'company', label: t('auth.company'), wide: true },
          { name: 'ice', label: t('payout.company.ice'), inputMode: 'numeric', helperText: t('payout.iceHelp'), maxLength: 40 },
          {
            name: 'confirmation_required',
            label: t('merchants.confirmationRequired'),
            type: 'switch',
            helperText: t('merchants.confirmationRequiredHelp'),
          },
          { name: 'confirmation_fee', label: t('merchants.confirmationFee'), type: 'money', helperText: t('merchants.confirmationFeeHelp', feeBounds) },
        ],
      }}
      onUpdate={(merchant, body) =>
        updateMerchant({ key: merchant.key, body: { ...body, ice: body.ice.replace(/\s+/g, ''), confirmation_fee: body.confirmation_fee ?? 0 } }).unwrap()
      }
      toolbar={
        changesPath !== NOT_FOUND_PATH && (
          <Button component={RouterLink} to={changesPath} variant="outlined" startIcon={<AccountBalanceOutlined />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="open-rib-changes">
            {t('payout.changes.open')}
          </Button>
        )
      }
      onDelete={(merchant) => deleteMerchant(merchant.key).unwrap()}
      deleteText={(merchant) => ({
        title: t('merchants.deleteTitle', { name: personName(merchant) }),
        body: t('merchants.deleteBody'),
      })}
      rowActions={(merchant, { run, confirm }) => [
        activeToggleAction(merchant, t, (row, active) => {
          const work = () => updateMerchant({ key: row.key, body: { active } }).unwrap();
          const name = personName(row);
          if (active) {
            void run(work, t('merchants.activated', { name }));
          } else {
            confirm({
              title: t('merchants.deactivateTitle', { name }),
              body: t('merchants.deactivateBody'),
              confirmLabel: t('crud.deactivate'),
              color: 'warning',
              onConfirm: work,
            });
          }
        }),
        {
          id: 'shops',
          label: t('merchants.shops'),
          icon: <StorefrontOutlined fontSize="small" />,
          onClick: setShopsOf,
        },
        {
          id: 'permissions',
          label: t('merchants.permissions'),
          icon: <VpnKeyOutlined fontSize="small" />,
          onClick: setPermissionsOf,
        },
      ]}
    >
      {({ notify }) => (
        <>
          <MerchantShopsDrawer merchant={shopsOf} onClose={() => setShopsOf(null)} />
          {permissionsOf && (
            <FormDialog<{ permissions: string[] }>
              open
              title={t('merchants.permissionsTitle', { name: personName(permissionsOf) })}
              intro={t('merchants.permissionsIntro')}
              maxWidth="md"
              fields={[
                {
                  name: 'permissions',
                  label: t('staff.permissions'),
                  type: 'checkboxes',
                  groups: permissionGroups('client', t),
                },
              ]}
              initialValues={{ permissions: permissionsOf.permissions ?? [] }}
              onSubmit={({ permissions }) =>
                updateMerchant({ key: permissionsOf.key, body: { permissions } }).unwrap()
              }
              onSaved={() => notify(t('crud.saved'))}
              onClose={() => setPermissionsOf(null)}
              testId="permissions-dialog"
            />
          )}
        </>
      )}
    </ResourceScreen>
  );
}
