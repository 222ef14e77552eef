// Registers the messages of the forgotten-password and new-password pages
// (features/auth/messages.*.ts). Every module using one of those keys imports this file
// (`import '../../i18n/password';`), so they load with those pages, never with the sign-in page
// (password.test.ts checks the rule).
import { registerMessages } from './index';
import { arPassword } from '../features/auth/messages.ar';
import { enPassword } from '../features/auth/messages.en';
import { frPassword } from '../features/auth/messages.fr';

registerMessages('fr', frPassword);
registerMessages('en', enPassword);
registerMessages('ar', arPassword);
