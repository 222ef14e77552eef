import { api } from '../../core/api';
import type { Schema } from '../../core/apiTypes';
import { crudEndpoints } from '../../core/crud';

/** GET /api/managers and GET /api/admins item. */
export type StaffView = Schema<'StaffView'>;

/**
 * POST and PUT of /api/managers and /api/admins all read a `StaffInput`: the password is required
 * on create; on edit, empty or absent keeps the current one.
 */
export type StaffBody = Schema<'StaffInput'>;

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
