import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frInvoices } from '../components/invoice/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { arSupport } from '../components/support/messages.ar';
import { enSupport } from '../components/support/messages.en';
import { frSupport } from '../components/support/messages.fr';
import { frVouchers } from '../components/voucher/messages.fr';
import './support';

describe('support, announcements, guides and activity texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frSupport, en: enSupport, ar: arSupport })).toEqual([]);
    expect(keysAlsoIn(frSupport, [fr, frScreens, frParcels, frVouchers, frInvoices])).toEqual([]);
    expect(translate('fr', 'support.reportProblem')).toBe('Signaler un problème');
    expect(translate('fr', 'activities.recent')).toBe('Activité récente');
    expect(translate('en', 'support.new')).toBe('New ticket');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"](support|announcements|guides|activities)\./, 'support')).toEqual([]);
  });
});
