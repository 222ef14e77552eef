import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { fr } from './fr';
import { translate } from './index';
import { enParcels } from '../components/parcel/messages.en';
import { frParcels } from '../components/parcel/messages.fr';
import { frScreens } from './screens.fr';
import { PARCEL_STATUSES } from '../components/parcel/api';
import './parcels';

describe('parcel screen texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enParcels).sort()).toEqual(Object.keys(frParcels).sort());
    for (const [key, value] of [...Object.entries(frParcels), ...Object.entries(enParcels)]) {
      expect(value.trim(), key).not.toBe('');
      expect(fr, key).not.toHaveProperty(key);
      expect(frScreens, key).not.toHaveProperty(key);
    }
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
