// Registers the messages of the stock screens (inventory.fr.ts, inventory.en.ts). Every module
// using one of those keys imports this file (`import '../../i18n/inventory';`), so they load
// with the chunks that need them (inventory.test.ts checks the rule).
import { registerMessages } from './index';
import { enInventory } from '../components/inventory/messages.en';
import { frInventory } from '../components/inventory/messages.fr';

registerMessages('fr', frInventory);
registerMessages('en', enInventory);
