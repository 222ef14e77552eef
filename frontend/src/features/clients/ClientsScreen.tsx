import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import Button from '@mui/material/Button';
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
import { useT } from '../../i18n';
import { pathOf } from '../../navigation/access';
import { NOT_FOUND_PATH } from '../../navigation/routes';
import { selectSessionInfo } from '../../core/session/authSlice';
import { permissionGroups } from '../../components/staff/permissions';
import {
  personName,
  useDeleteClientMutation,
  useListClientsQuery,
  useUpdateClientMutation,
  type ClientStatus,
  type ClientView,
} from '../../components/client/api';
import { ClientShopsDrawer } from './ClientShopsDrawer';
import '../../i18n/payout';
import '../../i18n/screens';

interface ClientForm extends FormValues {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  company: string;
  ice: string;
}

/** /compte/clients (admin): merchant accounts to activate, edit, give permissions or delete. */
export default function ClientsScreen() {
  const t = useT();
  const list = useListState({ filters: { status: 'new' satisfies ClientStatus } });
  const result = useListClientsQuery(list.args);
  const [updateClient] = useUpdateClientMutation();
  const [deleteClient] = useDeleteClientMutation();
  const [shopsOf, setShopsOf] = useState<ClientView | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<ClientView | null>(null);
  const changesPath = pathOf('bank-account-changes', useAppSelector(selectSessionInfo));

  const columns: Column<ClientView>[] = [
    { id: 'name', label: t('clients.name'), sortKey: 'last_name', render: personName },
    { id: 'company', label: t('clients.company'), sortKey: 'company', render: (c) => c.company || '—' },
    { id: 'email', label: t('clients.email'), sortKey: 'email' },
    { id: 'phone', label: t('clients.phone') },
    { id: 'city', label: t('clients.city'), render: (c) => c.city || '—' },
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (c) => <ActiveChip active={c.active} inactiveLabel={t('clients.inactive')} /> },
    dateColumn('created_at', t('clients.registered'), 'created_at'),
  ];

  return (
    <ResourceScreen<ClientView, ClientForm>
      title={t('route.clients')}
      subtitle={t('clients.subtitle')}
      testId="clients-screen"
      list={list}
      result={result}
      columns={columns}
      rowName={personName}
      searchPlaceholder={t('clients.search')}
      tabs={{
        filter: 'status',
        options: [
          { value: 'new', label: t('clients.tabNew') },
          { value: 'activated', label: t('clients.tabActivated') },
          { value: 'all', label: t('clients.tabAll') },
        ],
      }}
      emptyMessage={list.filters.status === 'new' ? t('clients.emptyNew') : t('clients.empty')}
      form={{
        editTitle: (client) => t('clients.editTitle', { name: personName(client) }),
        empty: () => ({ first_name: '', last_name: '', phone: '', email: '', company: '', ice: '' }),
        fromRow: (client) => ({
          first_name: client.first_name,
          last_name: client.last_name,
          phone: client.phone ?? '',
          email: client.email,
          company: client.company ?? '',
          ice: client.ice ?? '',
        }),
        fields: () => [
          { name: 'first_name', label: t('auth.firstName'), required: true, autoComplete: 'off' },
          { name: 'last_name', label: t('auth.lastName'), required: true },
          { name: 'phone', label: t('auth.phone'), type: 'tel', required: true, helperText: t('auth.phoneHelp') },
          { name: 'email', label: t('auth.email'), type: 'email', required: true },
          { name: 'company', label: t('auth.company'), wide: true },
          { name: 'ice', label: t('payout.company.ice'), inputMode: 'numeric', helperText: t('payout.iceHelp'), maxLength: 40 },
        ],
      }}
      onUpdate={(client, body) => updateClient({ key: client.key, body: { ...body, ice: body.ice.replace(/\s+/g, '') } }).unwrap()}
      toolbar={
        changesPath !== NOT_FOUND_PATH && (
          <Button component={RouterLink} to={changesPath} variant="outlined" startIcon={<AccountBalanceOutlined />} sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} data-testid="open-rib-changes">
            {t('payout.changes.open')}
          </Button>
        )
      }
      onDelete={(client) => deleteClient(client.key).unwrap()}
      deleteText={(client) => ({
        title: t('clients.deleteTitle', { name: personName(client) }),
        body: t('clients.deleteBody'),
      })}
      rowActions={(client, { run, confirm }) => [
        activeToggleAction(client, t, (row, active) => {
          const work = () => updateClient({ key: row.key, body: { active } }).unwrap();
          const name = personName(row);
          if (active) {
            void run(work, t('clients.activated', { name }));
          } else {
            confirm({
              title: t('clients.deactivateTitle', { name }),
              body: t('clients.deactivateBody'),
              confirmLabel: t('crud.deactivate'),
              color: 'warning',
              onConfirm: work,
            });
          }
        }),
        {
          id: 'shops',
          label: t('clients.shops'),
          icon: <StorefrontOutlined fontSize="small" />,
          onClick: setShopsOf,
        },
        {
          id: 'permissions',
          label: t('clients.permissions'),
          icon: <VpnKeyOutlined fontSize="small" />,
          onClick: setPermissionsOf,
        },
      ]}
    >
      {({ notify }) => (
        <>
          <ClientShopsDrawer client={shopsOf} onClose={() => setShopsOf(null)} />
          {permissionsOf && (
            <FormDialog<{ permissions: string[] }>
              open
              title={t('clients.permissionsTitle', { name: personName(permissionsOf) })}
              intro={t('clients.permissionsIntro')}
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
                updateClient({ key: permissionsOf.key, body: { permissions } }).unwrap()
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
