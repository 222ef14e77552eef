import { describe, expect, it } from 'vitest';
import { displayName, initials } from './displayName';

const person = { first_name: 'Samira', last_name: 'Bennani', full_name: 'Samira El Bennani' };

describe('display name (specification, section 3)', () => {
  it.each([
    ['client', 'BENNANI SAMIRA'],
    ['admin', 'BENNANI SAMIRA'],
    ['delivery-admin', 'Samira El Bennani'],
  ] as const)('%s → %s', (role, expected) => {
    expect(displayName(role, person)).toBe(expected);
  });

  it('falls back to first and last name for a delivery person without full name', () => {
    expect(displayName('delivery-admin', { ...person, full_name: null })).toBe('Samira Bennani');
  });

  it('upper-cases accented names', () => {
    expect(displayName('client', { first_name: 'Hélène', last_name: 'Aït', full_name: null })).toBe('AÏT HÉLÈNE');
  });

  it('is empty without a user, and initials take two words', () => {
    expect(displayName('client', null)).toBe('');
    expect(initials('BENNANI SAMIRA')).toBe('BS');
  });
});
