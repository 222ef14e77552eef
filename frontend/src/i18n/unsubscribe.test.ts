import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arUnsubscribe } from '../features/unsubscribe/messages.ar';
import { enUnsubscribe } from '../features/unsubscribe/messages.en';
import { frUnsubscribe } from '../features/unsubscribe/messages.fr';
import './unsubscribe';

describe('the STOP page’s texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frUnsubscribe, en: enUnsubscribe, ar: arUnsubscribe })).toEqual([]);
    expect(keysAlsoIn(frUnsubscribe, [fr, frScreens])).toEqual([]);
  });

  it('says how long to wait, in minutes', () => {
    expect(translate('fr', 'unsubscribe.tooMany', { minutes: 1 })).toBe('Trop d’essais. Réessayez dans 1 minute.');
    expect(translate('en', 'unsubscribe.tooMany', { minutes: 3 })).toBe('Too many tries. Try again in 3 minutes.');
    expect(translate('ar', 'unsubscribe.tooMany', { minutes: 2 })).toBe('محاولات كثيرة. أعد المحاولة بعد دقيقتين.');
  });

  it('has every module using one of these keys import them (so they load with its page)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]unsubscribe\./, 'unsubscribe')).toEqual([]);
  });
});
