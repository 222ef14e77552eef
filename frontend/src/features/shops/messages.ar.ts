import type { ShopsMessageKey } from './messages.fr';

// Arabic messages of the shops screen. Must carry every key of messages.fr.ts.
export const arShops: Record<ShopsMessageKey, string> = {
  'shops.subtitle': 'نقاط الاستلام الخاصة بك والحساب البنكي لكل منها لتلقي مستحقاتك.',
  'shops.name': 'المتجر',
  'shops.city': 'المدينة',
  'shops.phone': 'الهاتف',
  'shops.address': 'العنوان',
  'shops.bankAccount': 'الحساب البنكي',
  'shops.bankAccountHelp': 'اختياري: الأرقام الـ24 لهويتك البنكية (RIB).',
  'shops.search': 'الاسم أو الهاتف أو المدينة',
  'shops.empty': 'لا يوجد أي متجر حاليًا: أضف متجرك الأول.',
  'shops.create': 'إضافة متجر',
  'shops.createTitle': 'متجر جديد',
  'shops.editTitle': 'تعديل « {name} »',
};
