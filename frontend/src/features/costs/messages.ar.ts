import type { CostsMessageKey } from './messages.fr';

// Arabic messages of the merchants' costs screen. Must carry every key of messages.fr.ts.
export const arCosts: Record<CostsMessageKey, string> = {
  'costs.title': 'التكاليف حسب التاجر',
  'costs.subtitle': 'الأسعار الخاصة بتاجر في مدينة ما: تحل محل أسعار المدينة بالنسبة لهذا التاجر.',
  'costs.client': 'التاجر',
  'costs.filterMerchant': 'التصفية حسب التاجر',
  'costs.updatedAt': 'تاريخ التعديل',
  'costs.search': 'المدينة أو اسم التاجر أو بريده الإلكتروني',
  'costs.empty': 'لا توجد أي تسعيرة خاصة: كل تاجر يؤدي أسعار المدينة.',
  'costs.emptyFor': 'يؤدي {name} أسعار كل مدينة: لا توجد أي تسعيرة خاصة.',
  'costs.create': 'إضافة تسعيرة',
  'costs.createTitle': 'تسعيرة خاصة جديدة',
  'costs.editTitle': 'تسعيرة {client} في {city}',
  'costs.cityHelp': 'تسعيرة واحدة فقط لكل تاجر ولكل مدينة.',
  'costs.deleteTitle': 'حذف تسعيرة {client} في {city}؟',
  'costs.deleteBody': 'سيعود هذا التاجر إلى أداء أسعار المدينة.',
};
