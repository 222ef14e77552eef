// Registers the messages of the invoice screens (components/invoice/messages.{fr,en,ar}.ts). Every module
// using one of those keys imports this file (`import '../../i18n/invoices';`), so they load
// with the chunks that need them (invoices.test.ts checks the rule).
import { registerMessages } from './index';
import { arInvoices } from '../components/invoice/messages.ar';
import { enInvoices } from '../components/invoice/messages.en';
import { frInvoices } from '../components/invoice/messages.fr';

registerMessages('fr', frInvoices);
registerMessages('en', enInvoices);
registerMessages('ar', arInvoices);
