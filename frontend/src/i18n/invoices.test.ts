import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { arInvoices } from '../components/invoice/messages.ar';
import { enInvoices } from '../components/invoice/messages.en';
import { frInvoices } from '../components/invoice/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { frVouchers } from '../components/voucher/messages.fr';
import { INVOICE_LISTS } from '../components/invoice/config';
import './invoices';

describe('invoice screen texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frInvoices, en: enInvoices, ar: arInvoices }, { latinInArabic: ['invoices.rib'] })).toEqual([]);
    expect(keysAlsoIn(frInvoices, [fr, frScreens, frParcels, frVouchers])).toEqual([]);
  });

  it('has a subtitle for every invoice list and the words of the money round', () => {
    for (const lists of Object.values(INVOICE_LISTS)) {
      for (const name of Object.keys(lists)) expect(frInvoices).toHaveProperty(`invoices.subtitle.${name}`);
    }
    expect(translate('fr', 'invoices.difference.short', { amount: '5,00 DH' })).toBe('Manque 5,00 DH');
    expect(translate('fr', 'invoices.difference.over', { amount: '5,00 DH' })).toBe('Excédent 5,00 DH');
    expect(translate('fr', 'invoices.declare.submit')).toBe('Déclarer');
    expect(translate('fr', 'invoices.new.submit')).toBe('Créer le brouillon');
    expect(translate('en', 'invoices.validate')).toBe('Validate');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]invoices\./, 'invoices')).toEqual([]);
  });
});
