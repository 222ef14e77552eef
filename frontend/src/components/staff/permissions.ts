import type { CheckboxGroup } from '../form/fields';
import type { MessageKey, Translate } from '../../i18n';
import { isOwnPermission } from '../../navigation/access';
import { ROLE_MENUS } from '../../navigation/menus';
import type { Role } from '../../navigation/types';

/**
 * The permissions that can be granted to an account of `role`: the route names of its side
 * menu (but the entries other permissions open, see isOwnPermission), grouped by menu section.
 * With `held`, only those the granting user holds himself (the server refuses the others with 403).
 */
export function permissionGroups(role: Extract<Role, 'admin' | 'client'>, t: Translate, held?: readonly string[]): CheckboxGroup[] {
  const allowed = held ? new Set(held) : null;
  return ROLE_MENUS[role]
    .map((section) => ({
      label: t(`section.${section.id}` as MessageKey),
      options: section.items
        .filter((name) => isOwnPermission(role, name) && (allowed === null || allowed.has(name)))
        .map((name) => ({ value: name, label: t(`route.${name}` as MessageKey) })),
    }))
    .filter((group) => group.options.length > 0);
}

/** Every permission of a role: the route names of its menu that are permissions of their own. */
export function allPermissions(role: Extract<Role, 'admin' | 'client'>): string[] {
  return ROLE_MENUS[role].flatMap((section) => section.items).filter((name) => isOwnPermission(role, name));
}

/** A full admin holds every admin route name. */
export function isFullAdmin(permissions: readonly string[]): boolean {
  const held = new Set(permissions);
  return allPermissions('admin').every((name) => held.has(name));
}
