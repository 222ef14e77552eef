import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arPassword } from '../features/auth/messages.ar';
import { enPassword } from '../features/auth/messages.en';
import { frPassword } from '../features/auth/messages.fr';
import './password';

describe('the password pages’ texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frPassword, en: enPassword, ar: arPassword })).toEqual([]);
    expect(keysAlsoIn(frPassword, [fr, frScreens])).toEqual([]);
  });

  it('says how long to wait, in minutes', () => {
    expect(translate('fr', 'password.forgotten.tooMany', { minutes: 1 })).toBe('Trop de demandes, réessayez dans 1 minute.');
    expect(translate('fr', 'password.forgotten.tooMany', { minutes: 5 })).toBe('Trop de demandes, réessayez dans 5 minutes.');
    expect(translate('en', 'password.forgotten.tooMany', { minutes: 2 })).toBe('Too many requests, try again in 2 minutes.');
    expect(translate('ar', 'password.forgotten.tooMany', { minutes: 2 })).toBe('طلبات كثيرة، أعد المحاولة بعد دقيقتين.');
  });

  it('has every module using one of these keys import them (so they load with their pages, not with the sign-in page)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]password\./, 'password')).toEqual([]);
  });
});
