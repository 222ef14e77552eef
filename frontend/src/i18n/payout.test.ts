import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frInvoices } from '../components/invoice/messages.fr';
import { arPayout } from '../components/shop/messages.ar';
import { enPayout } from '../components/shop/messages.en';
import { frPayout } from '../components/shop/messages.fr';
import { frScreens } from './screens.fr';
import './payout';

describe('payout and legal identity texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frPayout, en: enPayout, ar: arPayout }, { latinInArabic: ['payout.company.ice'] })).toEqual([]);
    expect(keysAlsoIn(frPayout, [fr, frScreens, frInvoices])).toEqual([]);
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
