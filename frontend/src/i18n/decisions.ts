// Registers the messages of the decisions after a failed attempt (components/decision/messages.*.ts):
// the « À décider » screen, the dashboards' count and the recipient's choice on the tracking page.
// Every module using one of those keys imports this file (`import '../../i18n/decisions';`), so
// they load with the chunks that need them (decisions.test.ts checks the rule).
import { registerMessages } from './index';
import { arDecisions } from '../components/decision/messages.ar';
import { enDecisions } from '../components/decision/messages.en';
import { frDecisions } from '../components/decision/messages.fr';

registerMessages('fr', frDecisions);
registerMessages('en', enDecisions);
registerMessages('ar', arDecisions);
