// Registers the messages of the stock screens (components/inventory/messages.{fr,en,ar}.ts). Every module
// using one of those keys imports this file (`import '../../i18n/inventory';`), so they load
// with the chunks that need them (inventory.test.ts checks the rule).
import { registerMessages } from './index';
import { arInventory } from '../components/inventory/messages.ar';
import { enInventory } from '../components/inventory/messages.en';
import { frInventory } from '../components/inventory/messages.fr';

registerMessages('fr', frInventory);
registerMessages('en', enInventory);
registerMessages('ar', arInventory);
