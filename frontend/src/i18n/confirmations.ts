// Registers the messages of the confirmation agents' screen (features/confirmations/messages.*.ts).
// Every module using one of those keys imports this file (`import '../../i18n/confirmations';`),
// so they load with the chunk that needs them (confirmations.test.ts checks the rule).
import { registerMessages } from './index';
import { arConfirmations } from '../features/confirmations/messages.ar';
import { enConfirmations } from '../features/confirmations/messages.en';
import { frConfirmations } from '../features/confirmations/messages.fr';

registerMessages('fr', frConfirmations);
registerMessages('en', enConfirmations);
registerMessages('ar', arConfirmations);
