import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { enWebhooks } from '../components/webhooks/messages.en';
import { frWebhooks } from '../components/webhooks/messages.fr';
import { frSupport } from '../components/support/messages.fr';
import './webhooks';

describe('webhook texts', () => {
  it('has every key in English too, none empty, none also elsewhere', () => {
    expect(Object.keys(enWebhooks).sort()).toEqual(Object.keys(frWebhooks).sort());
    for (const [key, value] of [...Object.entries(frWebhooks), ...Object.entries(enWebhooks)]) {
      expect(value.trim(), key).not.toBe('');
      for (const other of [fr, frScreens, frSupport]) expect(other, key).not.toHaveProperty(key);
    }
    expect(translate('fr', 'webhooks.event.parcel.status_changed')).toBe('Statut du colis changé');
    expect(translate('en', 'webhooks.state.paused')).toBe('Paused');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]webhooks\./, 'webhooks')).toEqual([]);
  });
});
