import type { Role } from '../../navigation/types';
import type { UserData } from './types';

/**
 * Name shown in the top bar: delivery people show full_name; others show the last name then
 * the first name, in upper case (specification, section 3).
 */
export function displayName(role: Role | null, user: Pick<UserData, 'first_name' | 'last_name' | 'full_name'> | null): string {
  if (!user) return '';
  if (role === 'delivery-admin') {
    const full = user.full_name?.trim();
    return full || `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  }
  return `${user.last_name ?? ''} ${user.first_name ?? ''}`.trim().toUpperCase();
}

/** Initials for an avatar without photo. */
export function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}
