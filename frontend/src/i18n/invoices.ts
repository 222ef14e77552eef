// Registers the messages of the invoice screens (invoices.fr.ts, invoices.en.ts). Every module
// using one of those keys imports this file (`import '../../i18n/invoices';`), so they load
// with the chunks that need them (invoices.test.ts checks the rule).
import { registerMessages } from './index';
import { enInvoices } from '../components/invoice/messages.en';
import { frInvoices } from '../components/invoice/messages.fr';

registerMessages('fr', frInvoices);
registerMessages('en', enInvoices);
