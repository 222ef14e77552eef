import { api } from '../../core/api';
import { crudEndpoints } from '../../core/crud';

/** GET /api/managers and GET /api/admins item. */
export interface StaffView {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  active: boolean;
  /** Route names held; full admins hold them all. */
  permissions: string[];
  created_at: string;
}

export interface StaffBody {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
  /** Required on create; empty or absent on edit keeps the current one. */
  password?: string;
  permissions?: string[];
  active?: boolean;
}

export const staffApi = api.injectEndpoints({
  endpoints: (build) => {
    // An admin's managers, or a merchant's own team: the server answers by the caller's role.
    const managers = crudEndpoints<StaffView, StaffBody>(build, { path: 'managers', tag: 'managers' });
    const admins = crudEndpoints<StaffView, StaffBody>(build, { path: 'admins', tag: 'admins' });
    return {
      listManagers: managers.list,
      createManager: managers.create,
      updateManager: managers.update,
      deleteManager: managers.remove,
      listAdmins: admins.list,
      createAdmin: admins.create,
      updateAdmin: admins.update,
      deleteAdmin: admins.remove,
    };
  },
});

export const {
  useListManagersQuery,
  useCreateManagerMutation,
  useUpdateManagerMutation,
  useDeleteManagerMutation,
  useListAdminsQuery,
  useCreateAdminMutation,
  useUpdateAdminMutation,
  useDeleteAdminMutation,
} = staffApi;
