// Registers the messages of the merchant's webhooks (components/webhooks/messages.*.ts). Every
// module using one of those keys imports this file (`import '../../i18n/webhooks';`), so they
// load with the chunks that need them (webhooks.test.ts checks the rule).
import { registerMessages } from './index';
import { arWebhooks } from '../components/webhooks/messages.ar';
import { enWebhooks } from '../components/webhooks/messages.en';
import { frWebhooks } from '../components/webhooks/messages.fr';

registerMessages('fr', frWebhooks);
registerMessages('en', enWebhooks);
registerMessages('ar', arWebhooks);
