import { describe, expect, it } from 'vitest';
import { modulesMissingMessages } from '../test/chunkMessages';
import { catalogProblems, keysAlsoIn } from '../test/messageCatalogs';
import { fr } from './fr';
import { translate } from './index';
import { frScreens } from './screens.fr';
import { arOutbound } from '../components/message/messages.ar';
import { enOutbound } from '../components/message/messages.en';
import { frOutbound } from '../components/message/messages.fr';
import { LOGGED_KINDS, MESSAGE_CHANNELS, MESSAGE_KINDS, MESSAGE_STATUSES, RECIPIENT_MESSAGE_KINDS } from '../components/message/kinds';
import './outbound';

describe('the texts of the messages sent to people', () => {
  it('has every key in every language, with the same placeholders, none empty, none also elsewhere', () => {
    expect(catalogProblems({ fr: frOutbound, en: enOutbound, ar: arOutbound })).toEqual([]);
    expect(keysAlsoIn(frOutbound, [fr, frScreens])).toEqual([]);
  });

  it('names every kind, channel and status', () => {
    for (const kind of [...MESSAGE_KINDS, ...RECIPIENT_MESSAGE_KINDS]) expect(frOutbound).toHaveProperty(`outbound.kind.${kind}`);
    // The log's kinds: every message, not the merchant's consent to his recipients' messages.
    expect(LOGGED_KINDS).toContain('out_for_delivery');
    expect(LOGGED_KINDS).not.toContain('recipient_messages');
    for (const channel of MESSAGE_CHANNELS) expect(frOutbound).toHaveProperty(`outbound.channel.${channel}`);
    for (const status of MESSAGE_STATUSES) expect(frOutbound).toHaveProperty(`outbound.status.${status}`);
    expect(translate('fr', 'notices.title')).toBe('Notifications par e-mail');
    expect(translate('fr', 'notices.required')).toBe('toujours envoyé (sécurité)');
  });

  it('has every module using one of these keys import them (so they load with its chunk)', () => {
    expect(modulesMissingMessages(/t\(\s*[`'"](outbound|notices)\./, 'outbound')).toEqual([]);
  });
});
