import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { fr } from './fr';
import { translate } from './index';
import { frInvoices } from '../components/invoice/messages.fr';
import { enPayout } from '../components/shop/messages.en';
import { frPayout } from '../components/shop/messages.fr';
import { frScreens } from './screens.fr';
import './payout';

describe('payout and legal identity texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enPayout).sort()).toEqual(Object.keys(frPayout).sort());
    for (const [key, value] of [...Object.entries(frPayout), ...Object.entries(enPayout)]) {
      expect(value.trim(), key).not.toBe('');
      expect(fr, key).not.toHaveProperty(key);
      expect(frScreens, key).not.toHaveProperty(key);
      expect(frInvoices, key).not.toHaveProperty(key);
    }
  });

  it('fills the notices', () => {
    expect(translate('fr', 'payout.notice.refused', { shop: 'Atlas', rib: '•••• 1234', reason: 'RIB d’un tiers' })).toBe(
      'Atlas : nouveau RIB •••• 1234 refusé (RIB d’un tiers). Les virements continuent sur le RIB actuel.',
    );
    expect(translate('en', 'payout.changes.approve')).toBe('Approve');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]payout\./, 'payout')).toEqual([]);
  });
});
