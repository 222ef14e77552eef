import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { arParcels } from '../components/parcel/messages.ar';
import { enParcels } from '../components/parcel/messages.en';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { PARCEL_STATUSES } from '../components/parcel/api';
import './parcels';

describe('parcel screen texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frParcels, en: enParcels, ar: arParcels }, { latinInArabic: ['parcels.labels.a6'] })).toEqual([]);
    expect(keysAlsoIn(frParcels, [fr, frScreens])).toEqual([]);
  });

  it('labels every status as the server does (domain rules)', () => {
    for (const status of PARCEL_STATUSES) expect(frParcels).toHaveProperty(`parcels.status.${status}`);
    expect(translate('fr', 'parcels.status.delivered')).toBe('Livré');
    expect(translate('fr', 'parcels.status.awaiting_pickup')).toBe('En attente de ramassage');
    expect(translate('en', 'parcels.status.delivered')).toBe('Delivered');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    const prefixes = [...new Set(Object.keys(frParcels).map((key) => key.split('.')[0]))];
    const usage = new RegExp(`t\\(\\s*[\`'](${prefixes.join('|')})\\.`);
    expect(modulesMissingMessages(usage, 'parcels')).toEqual([]);
  });
});
