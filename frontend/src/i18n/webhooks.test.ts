import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arWebhooks } from '../components/webhooks/messages.ar';
import { enWebhooks } from '../components/webhooks/messages.en';
import { frWebhooks } from '../components/webhooks/messages.fr';
import { frSupport } from '../components/support/messages.fr';
import './webhooks';

describe('webhook texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frWebhooks, en: enWebhooks, ar: arWebhooks }, { latinInArabic: ['webhooks.title'] })).toEqual([]);
    expect(keysAlsoIn(frWebhooks, [fr, frScreens, frSupport])).toEqual([]);
    expect(translate('fr', 'webhooks.event.parcel.status_changed')).toBe('Statut du colis changé');
    expect(translate('en', 'webhooks.state.paused')).toBe('Paused');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]webhooks\./, 'webhooks')).toEqual([]);
  });
});
