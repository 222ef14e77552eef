import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arDecisions } from '../components/decision/messages.ar';
import { enDecisions } from '../components/decision/messages.en';
import { frDecisions } from '../components/decision/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import './decisions';

describe('texts of the decisions after a failed attempt', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frDecisions, en: enDecisions, ar: arDecisions })).toEqual([]);
    expect(keysAlsoIn(frDecisions, [fr, frScreens, frParcels])).toEqual([]);
  });

  it('says the words of the screen and of the tracking page', () => {
    expect(translate('fr', 'decisions.empty')).toBe("Aucun colis n'attend de décision.");
    expect(translate('fr', 'route.parcel-decisions')).toBe('À décider');
    expect(translate('fr', 'decisions.recipient.wrong')).toBe('Code de suivi ou chiffres incorrects.');
    expect(translate('fr', 'decisions.recipient.tooMany', { minutes: 1 })).toBe('Trop d’essais. Réessayez dans 1 minute.');
    expect(translate('en', 'decisions.recipient.tooMany', { minutes: 15 })).toBe('Too many tries. Try again in 15 minutes.');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]decisions\./, 'decisions')).toEqual([]);
  });
});
