import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { arVouchers } from '../components/voucher/messages.ar';
import { enVouchers } from '../components/voucher/messages.en';
import { frVouchers } from '../components/voucher/messages.fr';
import { VOUCHER_LISTS } from '../components/voucher/config';
import './vouchers';

describe('voucher screen texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frVouchers, en: enVouchers, ar: arVouchers })).toEqual([]);
    expect(keysAlsoIn(frVouchers, [fr, frScreens, frParcels])).toEqual([]);
  });

  it('has a subtitle for every voucher list and the words of the domain', () => {
    for (const lists of Object.values(VOUCHER_LISTS)) {
      for (const name of Object.keys(lists)) expect(frVouchers).toHaveProperty(`vouchers.subtitle.${name}`);
    }
    expect(translate('fr', 'vouchers.kind.pickup')).toBe('Bon de ramassage');
    expect(translate('fr', 'vouchers.kind.exit')).toBe('Bon de sortie');
    expect(translate('fr', 'vouchers.kind.return')).toBe('Bon de retour');
    expect(translate('en', 'vouchers.receive.button')).toBe('Receive');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    const prefixes = [...new Set(Object.keys(frVouchers).map((key) => key.split('.')[0]))];
    const usage = new RegExp(`t\\(\\s*[\`'](${prefixes.join('|')})\\.`);
    expect(modulesMissingMessages(usage, 'vouchers')).toEqual([]);
  });
});
