// Registers the messages of the voucher screens and the delivery round
// (components/voucher/messages.{fr,en,ar}.ts). Every module using one of those keys imports this file
// (`import '../../i18n/vouchers';`), so they load with the chunks that need them
// (vouchers.test.ts checks the rule).
import { registerMessages } from './index';
import { arVouchers } from '../components/voucher/messages.ar';
import { enVouchers } from '../components/voucher/messages.en';
import { frVouchers } from '../components/voucher/messages.fr';

registerMessages('fr', frVouchers);
registerMessages('en', enVouchers);
registerMessages('ar', arVouchers);
