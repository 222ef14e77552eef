// Registers the messages of the recipients' STOP page, /desinscription/{key}
// (features/unsubscribe/messages.*.ts). Every module using one of those keys imports this file
// (`import '../../i18n/unsubscribe';`), so they load with that page only (unsubscribe.test.ts
// checks the rule).
import { registerMessages } from './index';
import { arUnsubscribe } from '../features/unsubscribe/messages.ar';
import { enUnsubscribe } from '../features/unsubscribe/messages.en';
import { frUnsubscribe } from '../features/unsubscribe/messages.fr';

registerMessages('fr', frUnsubscribe);
registerMessages('en', enUnsubscribe);
registerMessages('ar', arUnsubscribe);
