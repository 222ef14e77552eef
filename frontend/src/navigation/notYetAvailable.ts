import { ROLE_ROUTES } from './routes';
import type { Role } from './types';

const ROLE_TITLES: Record<Role, string> = {
  client: 'Client (merchant)',
  admin: 'Admin',
  'delivery-admin': 'Delivery person (delivery-admin)',
};

/** Route names whose screen is still the shared "not available yet" screen, per role. */
export function notYetAvailable(): Record<Role, Array<{ name: string; path: string }>> {
  const out = {} as Record<Role, Array<{ name: string; path: string }>>;
  for (const role of Object.keys(ROLE_ROUTES) as Role[]) {
    out[role] = ROLE_ROUTES[role]
      .filter((route) => route.screen === 'not-available')
      .map((route) => ({ name: route.name, path: route.path }));
  }
  return out;
}

/** The NOT_YET_AVAILABLE.md document, generated from the route tables. */
export function notYetAvailableMarkdown(): string {
  const lines = [
    '# Screens not available yet',
    '',
    'These routes exist (menus, guard, permissions) but still render the one shared',
    '"Cet écran arrive bientôt" screen (`frontend/src/components/NotAvailableYet.tsx`).',
    'Each later issue removes the entries it delivers. This file is checked against the route',
    'tables by `src/navigation/notYetAvailable.test.ts`; regenerate it with',
    '`UPDATE_NOT_YET_AVAILABLE=1 npx vitest run src/navigation/notYetAvailable.test.ts`.',
    '',
  ];
  const lists = notYetAvailable();
  for (const role of Object.keys(lists) as Role[]) {
    lines.push(`## ${ROLE_TITLES[role]} (${lists[role].length})`, '');
    for (const { name, path } of lists[role]) lines.push(`- \`${name}\` (${path})`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}
