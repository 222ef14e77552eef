// Registers the messages of support, announcements, guides and the activity log
// (components/support/messages.{fr,en,ar}.ts). Every module using one of those keys imports this file
// (`import '../../i18n/support';`), so they load with the chunks that need them
// (support.test.ts checks the rule).
import { registerMessages } from './index';
import { arSupport } from '../components/support/messages.ar';
import { enSupport } from '../components/support/messages.en';
import { frSupport } from '../components/support/messages.fr';

registerMessages('fr', frSupport);
registerMessages('en', enSupport);
registerMessages('ar', arSupport);
