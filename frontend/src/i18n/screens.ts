// Registers the messages of the screens that load on demand (screens.fr.ts, screens.en.ts,
// screens.ar.ts).
// Every module that uses one of those keys imports this file (`import '../../i18n/screens';`),
// so the messages arrive with the lazy chunks that need them, never with the first download.
// i18n.test.ts checks the rule.
import { registerMessages } from './index';
import { arScreens } from './screens.ar';
import { enScreens } from './screens.en';
import { frScreens } from './screens.fr';

registerMessages('fr', frScreens);
registerMessages('en', enScreens);
registerMessages('ar', arScreens);
