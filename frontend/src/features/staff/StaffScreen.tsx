import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useAppSelector } from '../../core/hooks';
import type { FormValues } from '../../components/form/fields';
import { PageHeader } from '../../components/PageHeader';
import { activeToggleAction, ResourceScreen, type FieldList } from '../../components/resource/ResourceScreen';
import { ActiveChip } from '../../components/StatusChip';
import { dateColumn } from '../../components/table/columns';
import type { Column } from '../../components/table/DataTable';
import { useListState } from '../../components/table/useListState';
import { useT, type MessageKey, type Translate } from '../../i18n';
import { PhoneText } from '../../components/PhoneLink';
import { selectRole, selectUser } from '../../core/session/authSlice';
import { personName } from '../../components/merchant/api';
import {
  useCreateAdminMutation,
  useCreateManagerMutation,
  useDeleteAdminMutation,
  useDeleteManagerMutation,
  useListAdminsQuery,
  useListManagersQuery,
  useUpdateAdminMutation,
  useUpdateManagerMutation,
  type StaffBody,
  type StaffView,
} from './api';
import { isFullAdmin, permissionGroups } from '../../components/staff/permissions';
import '../../i18n/screens';

interface StaffForm extends FormValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  active: boolean;
  permissions: string[];
}

const emptyForm = (): StaffForm => ({
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  active: true,
  permissions: [],
});

const fromRow = (row: StaffView): StaffForm => ({
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  phone: row.phone ?? '',
  password: '',
  active: row.active,
  permissions: row.permissions ?? [],
});

/**
 * The request body. A blank password is not sent: on edit the current one stays; on creation the
 * server sends the new account an invitation by e-mail to choose his own (a link valid 7 days).
 */
function toBody(values: StaffForm, editing: boolean, withPermissions: boolean): StaffBody {
  const body: StaffBody = {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
  };
  if (values.password) body.password = values.password;
  if (editing) body.active = values.active;
  if (withPermissions) body.permissions = values.permissions;
  return body;
}

function personFields(t: Translate, row: StaffView | undefined): FieldList<StaffForm> {
  return [
    { name: 'first_name', label: t('auth.firstName'), required: true, autoFocus: !row },
    { name: 'last_name', label: t('auth.lastName'), required: true },
    { name: 'email', label: t('auth.email'), type: 'email', required: true },
    { name: 'phone', label: t('auth.phone'), type: 'tel', helperText: t('auth.phoneHelp') },
    {
      name: 'password',
      label: row ? t('staff.newPassword') : t('auth.password'),
      type: 'password',
      // Optional on creation too: left empty, the account gets an invitation to choose his own.
      helperText: row ? t('staff.passwordKeep') : t('staff.passwordInvite'),
    },
    row && { name: 'active', label: t('staff.activeSwitch'), type: 'switch', helperText: t('staff.activeHelp') },
  ];
}

function PermissionsCell({ row, t }: { row: StaffView; t: Translate }) {
  const names = row.permissions ?? [];
  return (
    <Tooltip title={names.map((name) => t(`route.${name}` as MessageKey)).join(', ')}>
      <Chip size="small" variant="outlined" label={t('staff.permissionCount', { count: names.length })} />
    </Tooltip>
  );
}

/** Managers of an admin, or a merchant's team: accounts holding a subset of the caller's permissions. */
function ManagersList({ scope }: { scope: 'admin' | 'client' }) {
  const t = useT();
  const me = useAppSelector(selectUser);
  const held = me?.permissions ?? [];
  const list = useListState({ sort: 'last_name' });
  const result = useListManagersQuery(list.args);
  const [createManager] = useCreateManagerMutation();
  const [updateManager] = useUpdateManagerMutation();
  const [deleteManager] = useDeleteManagerMutation();
  const heldSet = new Set(held);
  // The server refuses to change an account holding permissions one lacks.
  const manageable = (row: StaffView) => (row.permissions ?? []).every((name) => heldSet.has(name));

  const columns: Column<StaffView>[] = [
    { id: 'name', label: t('merchants.name'), sortKey: 'last_name', render: personName },
    { id: 'email', label: t('merchants.email') },
    { id: 'phone', label: t('merchants.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'permissions', label: t('staff.permissions'), render: (row) => <PermissionsCell row={row} t={t} /> },
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (row) => <ActiveChip active={row.active} /> },
    dateColumn('created_at', t('crud.createdAt'), 'created_at'),
  ];

  return (
    <ResourceScreen<StaffView, StaffForm>
      testId={scope === 'admin' ? 'managers-list' : 'team-list'}
      list={list}
      result={result}
      columns={columns}
      rowName={personName}
      searchPlaceholder={t('staff.search')}
      emptyMessage={scope === 'admin' ? t('staff.emptyManagers') : t('staff.emptyTeam')}
      form={{
        createLabel: scope === 'admin' ? t('staff.createManager') : t('staff.createMember'),
        createTitle: scope === 'admin' ? t('staff.createManagerTitle') : t('staff.createMemberTitle'),
        editTitle: (row) => t('staff.editTitle', { name: personName(row) }),
        maxWidth: 'md',
        empty: emptyForm,
        fromRow,
        fields: (row) => [
          ...personFields(t, row),
          {
            name: 'permissions',
            label: t('staff.permissions'),
            type: 'checkboxes',
            required: true,
            helperText: t('staff.permissionsHelp'),
            groups: permissionGroups(scope, t, held),
          },
        ],
      }}
      onCreate={(values) => createManager(toBody(values, false, true)).unwrap()}
      onUpdate={(row, values) => updateManager({ key: row.key, body: toBody(values, true, true) }).unwrap()}
      onDelete={(row) => deleteManager(row.key).unwrap()}
      canEdit={manageable}
      canDelete={(row) => manageable(row) && row.key !== me?.key}
      deleteText={(row) => ({ title: t('staff.deleteTitle', { name: personName(row) }), body: t('staff.deleteBody') })}
      rowActions={(row, { run }) => [
        manageable(row) &&
          row.key !== me?.key &&
          activeToggleAction(row, t, (target, active) =>
            run(
              () => updateManager({ key: target.key, body: { active } as Partial<StaffBody> }).unwrap(),
              t(active ? 'crud.activated' : 'crud.deactivated', { name: personName(target) }),
            ),
          ),
      ]}
    />
  );
}

/** Full admins: every admin sees them; only a full admin may add, edit or delete one. */
function AdminsList() {
  const t = useT();
  const me = useAppSelector(selectUser);
  const full = isFullAdmin(me?.permissions ?? []);
  const list = useListState({ sort: 'last_name' });
  const result = useListAdminsQuery(list.args);
  const [createAdmin] = useCreateAdminMutation();
  const [updateAdmin] = useUpdateAdminMutation();
  const [deleteAdmin] = useDeleteAdminMutation();

  const columns: Column<StaffView>[] = [
    { id: 'name', label: t('merchants.name'), sortKey: 'last_name', render: personName },
    { id: 'email', label: t('merchants.email') },
    { id: 'phone', label: t('merchants.phone'), render: (row) => <PhoneText phone={row.phone} /> },
    { id: 'active', label: t('table.filterStatus'), card: 'badge', render: (row) => <ActiveChip active={row.active} /> },
    dateColumn('created_at', t('crud.createdAt'), 'created_at'),
  ];

  return (
    <ResourceScreen<StaffView, StaffForm>
      testId="admins-list"
      list={list}
      result={result}
      columns={columns}
      rowName={personName}
      searchPlaceholder={t('staff.search')}
      emptyMessage={t('staff.emptyAdmins')}
      form={{
        createLabel: t('staff.createAdmin'),
        createTitle: t('staff.createAdminTitle'),
        editTitle: (row) => t('staff.editTitle', { name: personName(row) }),
        empty: emptyForm,
        fromRow,
        fields: (row) => personFields(t, row),
      }}
      onCreate={full ? (values) => createAdmin(toBody(values, false, false)).unwrap() : undefined}
      onUpdate={full ? (row, values) => updateAdmin({ key: row.key, body: toBody(values, true, false) }).unwrap() : undefined}
      onDelete={full ? (row) => deleteAdmin(row.key).unwrap() : undefined}
      canDelete={(row) => row.key !== me?.key}
      deleteText={(row) => ({ title: t('staff.deleteAdminTitle', { name: personName(row) }), body: t('staff.deleteBody') })}
    />
  );
}

/**
 * /compte/staff. Admins: two tabs, managers (admin staff with chosen permissions) and full
 * administrators. Merchants: their team, each member with chosen client permissions.
 */
export default function StaffScreen() {
  const t = useT();
  const role = useAppSelector(selectRole);
  const [tab, setTab] = useState<'managers' | 'admins'>('managers');

  if (role === 'client') {
    return (
      <Box sx={{ display: 'grid', gap: 3 }} data-testid="staff-screen" data-scope="client">
        <PageHeader title={t('staff.teamTitle')} subtitle={t('staff.teamSubtitle')} />
        <ManagersList scope="client" />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="staff-screen" data-scope="admin">
      <PageHeader title={t('staff.title')} subtitle={t('staff.subtitle')} />
      <Card>
        <Tabs value={tab} onChange={(_event, value: 'managers' | 'admins') => setTab(value)} sx={{ px: 2 }}>
          <Tab value="managers" label={t('staff.tabManagers')} data-testid="tab-managers" />
          <Tab value="admins" label={t('staff.tabAdmins')} data-testid="tab-admins" />
        </Tabs>
      </Card>
      {tab === 'managers' ? <ManagersList scope="admin" /> : <AdminsList />}
    </Box>
  );
}
