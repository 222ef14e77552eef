// Registers the messages of the parcel screens, dashboards' figures and tracking page
// (components/parcel/messages.{fr,en,ar}.ts). Every module using one of those keys imports this file
// (`import '../../i18n/parcels';`), so they load with the chunks that need them.
import { registerMessages } from './index';
import { arParcels } from '../components/parcel/messages.ar';
import { enParcels } from '../components/parcel/messages.en';
import { frParcels } from '../components/parcel/messages.fr';

registerMessages('fr', frParcels);
registerMessages('en', enParcels);
registerMessages('ar', arParcels);
