// Registers the messages of the voucher screens and the delivery round (vouchers.fr.ts,
// vouchers.en.ts). Every module using one of those keys imports this file
// (`import '../../i18n/vouchers';`), so they load with the chunks that need them
// (vouchers.test.ts checks the rule).
import { registerMessages } from './index';
import { enVouchers } from '../components/voucher/messages.en';
import { frVouchers } from '../components/voucher/messages.fr';

registerMessages('fr', frVouchers);
registerMessages('en', enVouchers);
