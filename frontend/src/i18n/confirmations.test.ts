import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arConfirmations } from '../features/confirmations/messages.ar';
import { enConfirmations } from '../features/confirmations/messages.en';
import { frConfirmations } from '../features/confirmations/messages.fr';
import { frParcels } from '../components/parcel/messages.fr';
import './confirmations';

describe('confirmation agents’ texts', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frConfirmations, en: enConfirmations, ar: arConfirmations })).toEqual([]);
    expect(keysAlsoIn(frConfirmations, [fr, frScreens, frParcels])).toEqual([]);
  });

  it('says the words of the queue', () => {
    expect(translate('fr', 'confirmations.empty')).toBe('Aucune commande à confirmer pour l’instant');
    expect(translate('fr', 'confirmations.outcome.cancelled')).toBe('Annulée par le destinataire');
    expect(translate('en', 'confirmations.tries', { tries: 1, max: 3 })).toBe('1 unanswered call of 3');
    expect(translate('fr', 'route.confirmations')).toBe('Confirmations');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"]confirmations\./, 'confirmations')).toEqual([]);
  });
});
