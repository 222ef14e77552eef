// Registers the messages of the messages sent to people (components/message/messages.*.ts): their
// kinds, channels and statuses, and the profile's e-mail notices. Every module using one of those
// keys imports this file (`import '../../i18n/outbound';`), so they load with the chunks that
// need them (outbound.test.ts checks the rule).
import { registerMessages } from './index';
import { arOutbound } from '../components/message/messages.ar';
import { enOutbound } from '../components/message/messages.en';
import { frOutbound } from '../components/message/messages.fr';

registerMessages('fr', frOutbound);
registerMessages('en', enOutbound);
registerMessages('ar', arOutbound);
