import { describe, expect, it } from 'vitest';
import { ADMIN_MENU, MERCHANT_MENU, DELIVERY_MENU } from './menus';
import { ROUTE_ICONS, SECTION_ICONS } from './icons';

describe('menu icons', () => {
  it('has an icon of its own for every menu route and section (no silent fallback)', () => {
    for (const section of [...MERCHANT_MENU, ...ADMIN_MENU, ...DELIVERY_MENU]) {
      expect(SECTION_ICONS, section.id).toHaveProperty([section.id]);
      for (const name of section.items) expect(ROUTE_ICONS, name).toHaveProperty([name]);
    }
  });
});
