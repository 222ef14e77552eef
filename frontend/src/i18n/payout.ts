// Registers the messages of payout accounts and legal documents (components/shop/messages.{fr,en,ar}.ts).
// Every module using one of those keys imports this file (`import '../../i18n/payout';`), so
// they load with the chunks that need them (payout.test.ts checks the rule).
import { registerMessages } from './index';
import { arPayout } from '../components/shop/messages.ar';
import { enPayout } from '../components/shop/messages.en';
import { frPayout } from '../components/shop/messages.fr';

registerMessages('fr', frPayout);
registerMessages('en', enPayout);
registerMessages('ar', arPayout);
