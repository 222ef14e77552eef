import type { CitiesMessageKey } from './messages.fr';

// Arabic messages of the cities screen. Must carry every key of messages.fr.ts.
export const arCities: Record<CitiesMessageKey, string> = {
  'cities.subtitle': 'المدن المخدومة وأسعارها الافتراضية.',
  'cities.name': 'المدينة',
  'cities.search': 'اسم المدينة',
  'cities.empty': 'لا توجد أي مدينة حاليًا.',
  'cities.active': 'مخدومة',
  'cities.inactive': 'معطّلة',
  'cities.create': 'إضافة مدينة',
  'cities.createTitle': 'مدينة جديدة',
  'cities.editTitle': 'تعديل « {name} »',
  'cities.activeSwitch': 'مدينة مخدومة',
  'cities.activeHelp': 'لا يمكن اختيار مدينة معطّلة لطرد أو لمتجر.',
  'cities.deleteTitle': 'حذف المدينة « {name} »؟',
  'cities.deleteBody': 'لا يمكن حذف مدينة سبق استعمالها (متاجر، طرود، أسعار): عطّلها بدلًا من ذلك.',
};
