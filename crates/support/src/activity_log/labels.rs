//! The kinds of action, each with its label in French, English and Arabic (one table).

use super::*;

/// Every kind of activity the server records, with its French, English and Arabic labels, in the order
/// the filter offers them. A kind written without a row here fails the gateway's tests (each test
/// database is checked when its app stops) and `every_written_kind_has_labels` below.
pub const ACTIONS: &[(&str, &str, &str, &str)] = &[
    ("user.signed_in", "Connexion", "Signed in", "تسجيل الدخول"),
    (
        "user.profile_updated",
        "Profil modifié",
        "Profile updated",
        "تعديل الملف الشخصي",
    ),
    (
        "user.password_changed",
        "Mot de passe changé",
        "Password changed",
        "تغيير كلمة المرور",
    ),
    (
        "session.ended",
        "Session fermée",
        "Session ended",
        "إنهاء جلسة",
    ),
    (
        "session.ended_others",
        "Autres sessions fermées",
        "Other sessions ended",
        "إنهاء الجلسات الأخرى",
    ),
    (
        "token.created",
        "Jeton personnel créé",
        "Personal token created",
        "إنشاء رمز شخصي",
    ),
    (
        "token.revoked",
        "Jeton personnel révoqué",
        "Personal token revoked",
        "إلغاء رمز شخصي",
    ),
    (
        "webhook.created",
        "Webhook ajouté",
        "Webhook added",
        "إضافة عنوان إشعار آلي",
    ),
    (
        "webhook.updated",
        "Webhook modifié",
        "Webhook changed",
        "تعديل عنوان إشعار آلي",
    ),
    (
        "webhook.deleted",
        "Webhook supprimé",
        "Webhook removed",
        "حذف عنوان إشعار آلي",
    ),
    (
        "webhook.tested",
        "Webhook testé",
        "Webhook test sent",
        "إرسال تجريبي لإشعار آلي",
    ),
    (
        "webhook.redelivered",
        "Envoi de webhook relancé",
        "Webhook delivery sent again",
        "إعادة إرسال إشعار آلي",
    ),
    (
        "webhook.paused",
        "Webhook suspendu après 24 h d'échecs",
        "Webhook paused after 24 h of failures",
        "إيقاف عنوان إشعار آلي بعد 24 ساعة من الإخفاقات",
    ),
    (
        "password.reset_requested",
        "Lien de mot de passe oublié demandé",
        "Forgotten password link requested",
        "طلب رابط كلمة مرور منسية",
    ),
    (
        "password.reset",
        "Mot de passe réinitialisé par lien",
        "Password reset by link",
        "إعادة تعيين كلمة المرور عبر الرابط",
    ),
    (
        "password.chosen",
        "Mot de passe choisi (invitation)",
        "Password chosen (invitation)",
        "اختيار كلمة المرور (دعوة)",
    ),
    (
        "notices.updated",
        "Avis par e-mail modifiés",
        "E-mail notices changed",
        "تعديل الإشعارات بالبريد الإلكتروني",
    ),
    (
        "settings.recipient_messages_updated",
        "Messages aux destinataires (SMS, WhatsApp) activés ou désactivés",
        "Messages to recipients (SMS, WhatsApp) turned on or off",
        "تفعيل أو إيقاف الرسائل النصية ورسائل واتساب إلى المستلمين",
    ),
    (
        "recipient_messages.stopped",
        "Un destinataire ne veut plus de messages (STOP)",
        "A recipient asked for no more messages (STOP)",
        "مستلم طلب إيقاف الرسائل",
    ),
    (
        "message.resent",
        "Message renvoyé",
        "Message sent again",
        "إعادة إرسال رسالة",
    ),
    (
        "client.registered",
        "Inscription d'un client",
        "Merchant registered",
        "تسجيل تاجر",
    ),
    (
        "client.activated",
        "Client activé",
        "Merchant activated",
        "تفعيل تاجر",
    ),
    (
        "client.deactivated",
        "Client désactivé",
        "Merchant deactivated",
        "تعطيل تاجر",
    ),
    (
        "client.updated",
        "Client modifié",
        "Merchant updated",
        "تعديل تاجر",
    ),
    (
        "client.deleted",
        "Client supprimé",
        "Merchant deleted",
        "حذف تاجر",
    ),
    (
        "client.delivery_proof_changed",
        "Preuve de livraison demandée modifiée",
        "Required proof of delivery changed",
        "تغيير إثبات التسليم المطلوب",
    ),
    (
        "admin.created",
        "Administrateur créé",
        "Administrator created",
        "إنشاء مسؤول",
    ),
    (
        "staff.created",
        "Collaborateur créé",
        "Staff member created",
        "إنشاء متعاون",
    ),
    (
        "staff.updated",
        "Collaborateur modifié",
        "Staff member updated",
        "تعديل متعاون",
    ),
    (
        "staff.deleted",
        "Collaborateur supprimé",
        "Staff member deleted",
        "حذف متعاون",
    ),
    (
        "delivery_admin.created",
        "Livreur créé",
        "Delivery person created",
        "إنشاء عامل توصيل",
    ),
    (
        "delivery_admin.updated",
        "Livreur modifié",
        "Delivery person updated",
        "تعديل عامل توصيل",
    ),
    (
        "delivery_admin.activated",
        "Livreur activé",
        "Delivery person activated",
        "تفعيل عامل توصيل",
    ),
    (
        "delivery_admin.deactivated",
        "Livreur désactivé",
        "Delivery person deactivated",
        "تعطيل عامل توصيل",
    ),
    (
        "delivery_admin.deleted",
        "Livreur supprimé",
        "Delivery person deleted",
        "حذف عامل توصيل",
    ),
    (
        "delivery_admin.city_added",
        "Ville ajoutée à un livreur",
        "City added to a delivery person",
        "إضافة مدينة لعامل توصيل",
    ),
    (
        "delivery_admin.city_updated",
        "Commissions d'un livreur modifiées",
        "Delivery person's commissions changed",
        "تعديل عمولات عامل توصيل",
    ),
    (
        "delivery_admin.city_removed",
        "Ville retirée à un livreur",
        "City removed from a delivery person",
        "سحب مدينة من عامل توصيل",
    ),
    ("city.created", "Ville ajoutée", "City added", "إضافة مدينة"),
    (
        "city.updated",
        "Ville modifiée",
        "City updated",
        "تعديل مدينة",
    ),
    (
        "city.deleted",
        "Ville supprimée",
        "City deleted",
        "حذف مدينة",
    ),
    (
        "shop.created",
        "Boutique créée",
        "Shop created",
        "إنشاء متجر",
    ),
    (
        "shop.updated",
        "Boutique modifiée",
        "Shop updated",
        "تعديل متجر",
    ),
    (
        "shop.bank_account_certificate_attached",
        "Attestation de RIB jointe",
        "RIB certificate attached",
        "إرفاق شهادة الحساب البنكي",
    ),
    (
        "shop.bank_account_requested",
        "Changement de RIB demandé",
        "Shop RIB change requested",
        "طلب تغيير الحساب البنكي",
    ),
    (
        "shop.bank_account_approved",
        "Changement de RIB approuvé",
        "Shop RIB change approved",
        "الموافقة على تغيير الحساب البنكي",
    ),
    (
        "shop.bank_account_refused",
        "Changement de RIB refusé",
        "Shop RIB change refused",
        "رفض تغيير الحساب البنكي",
    ),
    (
        "shop.bank_account_changed",
        "RIB changé par l'équipe",
        "Shop RIB changed by staff",
        "تغيير الحساب البنكي من طرف الفريق",
    ),
    (
        "settings.company_updated",
        "Identité légale de l'entreprise modifiée",
        "Company legal identity updated",
        "تعديل الهوية القانونية للشركة",
    ),
    (
        "parcel.decided",
        "Décision après une tentative",
        "Decision after an attempt",
        "قرار بعد محاولة",
    ),
    (
        "parcel.decided_by_recipient",
        "Décision du destinataire (page de suivi)",
        "Recipient's decision (tracking page)",
        "قرار المستلم (صفحة التتبع)",
    ),
    (
        "confirmation.recorded",
        "Appel de confirmation enregistré",
        "Confirmation call recorded",
        "تسجيل مكالمة تأكيد",
    ),
    (
        "settings.recipients_updated",
        "Politique des destinataires modifiée",
        "Recipient policy updated",
        "تعديل سياسة المستلمين",
    ),
    (
        "cost.created",
        "Tarif client ajouté",
        "Merchant price added",
        "إضافة تسعيرة تاجر",
    ),
    (
        "cost.updated",
        "Tarif client modifié",
        "Merchant price changed",
        "تعديل تسعيرة تاجر",
    ),
    (
        "cost.deleted",
        "Tarif client supprimé",
        "Merchant price deleted",
        "حذف تسعيرة تاجر",
    ),
    (
        "parcel.created",
        "Colis créé",
        "Parcel created",
        "إنشاء طرد",
    ),
    (
        "parcels.imported",
        "Colis importés",
        "Parcels imported",
        "استيراد طرود",
    ),
    (
        "parcel.updated",
        "Colis modifié",
        "Parcel updated",
        "تعديل طرد",
    ),
    (
        "parcel.deleted",
        "Colis supprimé",
        "Parcel deleted",
        "حذف طرد",
    ),
    (
        "parcel.status_changed",
        "Statut d'un colis changé",
        "Parcel status changed",
        "تغيير حالة طرد",
    ),
    (
        "parcel.state_undone",
        "Changement de statut annulé",
        "Status change undone",
        "إلغاء تغيير الحالة",
    ),
    (
        "parcel.address_changed",
        "Adresse d'un colis changée",
        "Parcel address changed",
        "تغيير عنوان طرد",
    ),
    (
        "parcel.address_acknowledged",
        "Changement d'adresse vu par le livreur",
        "Address change seen by the delivery person",
        "اطلاع عامل التوصيل على تغيير العنوان",
    ),
    (
        "parcel.reassigned",
        "Colis confié à un autre livreur",
        "Parcel handed to another delivery person",
        "تسليم الطرد لعامل توصيل آخر",
    ),
    (
        "parcel.outcome_unapplied",
        "Résultat hors ligne refusé, à régler",
        "Offline outcome refused, to settle",
        "نتيجة غير متصلة مرفوضة، للتسوية",
    ),
    (
        "parcel.outcome_resolved",
        "Résultat refusé réglé",
        "Refused outcome settled",
        "تسوية نتيجة مرفوضة",
    ),
    (
        "pickup_voucher.created",
        "Bon de ramassage créé",
        "Pickup voucher created",
        "إنشاء وصل استلام",
    ),
    (
        "pickup_voucher.parcels_added",
        "Colis ajoutés à un bon de ramassage",
        "Parcels added to a pickup voucher",
        "إضافة طرود إلى وصل استلام",
    ),
    (
        "pickup_voucher.parcel_removed",
        "Colis retiré d'un bon de ramassage",
        "Parcel removed from a pickup voucher",
        "سحب طرد من وصل استلام",
    ),
    (
        "pickup_voucher.deleted",
        "Bon de ramassage supprimé",
        "Pickup voucher deleted",
        "حذف وصل استلام",
    ),
    (
        "pickup_voucher.received",
        "Bon de ramassage reçu",
        "Pickup voucher received",
        "تسلّم وصل استلام",
    ),
    (
        "exit_voucher.created",
        "Bon de sortie créé",
        "Exit voucher created",
        "إنشاء وصل خروج",
    ),
    (
        "return_voucher.created",
        "Bon de retour créé",
        "Return voucher created",
        "إنشاء وصل إرجاع",
    ),
    (
        "return_voucher.received",
        "Bon de retour reçu",
        "Return voucher received",
        "تسلّم وصل إرجاع",
    ),
    (
        "client_invoice.created",
        "Facture client créée",
        "Merchant invoice created",
        "إنشاء فاتورة تاجر",
    ),
    (
        "client_invoice.updated",
        "Facture client modifiée",
        "Merchant invoice changed",
        "تعديل فاتورة تاجر",
    ),
    (
        "client_invoice.validated",
        "Facture client validée",
        "Merchant invoice validated",
        "المصادقة على فاتورة تاجر",
    ),
    (
        "client_invoice.paid",
        "Facture client payée",
        "Merchant invoice paid",
        "أداء فاتورة تاجر",
    ),
    (
        "client_invoice.deleted",
        "Facture client supprimée",
        "Merchant invoice deleted",
        "حذف فاتورة تاجر",
    ),
    (
        "delivery_invoice.created",
        "Facture livreur créée",
        "Delivery invoice created",
        "إنشاء فاتورة عامل توصيل",
    ),
    (
        "delivery_invoice.counted",
        "Espèces d'une facture livreur comptées",
        "Delivery invoice cash counted",
        "عدّ نقود فاتورة عامل توصيل",
    ),
    (
        "delivery_invoice.parcel_removed",
        "Colis retiré d'une facture livreur",
        "Parcel removed from a delivery invoice",
        "سحب طرد من فاتورة عامل توصيل",
    ),
    (
        "delivery_invoice.validated",
        "Facture livreur validée",
        "Delivery invoice validated",
        "المصادقة على فاتورة عامل توصيل",
    ),
    (
        "delivery_invoice.deleted",
        "Facture livreur supprimée",
        "Delivery invoice deleted",
        "حذف فاتورة عامل توصيل",
    ),
    (
        "delivery_invoice.balance_carried",
        "Écart reporté sur une facture livreur",
        "Balance carried onto a delivery invoice",
        "ترحيل فرق إلى فاتورة عامل توصيل",
    ),
    (
        "courier_balance.difference_posted",
        "Écart d'une facture livreur porté au solde",
        "Delivery invoice difference posted to the balance",
        "تسجيل فرق فاتورة عامل توصيل في الرصيد",
    ),
    (
        "courier_balance.payment",
        "Règlement d'écart enregistré",
        "Balance payment recorded",
        "تسجيل تسوية فرق",
    ),
    (
        "courier_balance.deduction",
        "Écart déduit sur une facture livreur",
        "Balance deducted on a delivery invoice",
        "خصم فرق من فاتورة عامل توصيل",
    ),
    (
        "courier_balance.write_off",
        "Écart abandonné",
        "Balance written off",
        "التنازل عن فرق",
    ),
    (
        "merchant_account.fees",
        "Frais d'une facture retour portés au compte marchand",
        "Returned invoice fees posted to the merchant's account",
        "تسجيل رسوم فاتورة إرجاع في حساب التاجر",
    ),
    (
        "merchant_account.deduction",
        "Frais de retour déduits d'un versement",
        "Return fees deducted from a payout",
        "خصم رسوم الإرجاع من دفعة",
    ),
    (
        "merchant_account.payment",
        "Règlement d'un marchand enregistré",
        "Merchant payment recorded",
        "تسجيل أداء من التاجر",
    ),
    (
        "merchant_account.write_off",
        "Dette d'un marchand abandonnée",
        "Merchant debt written off",
        "التنازل عن دين تاجر",
    ),
    (
        "ticket.opened",
        "Ticket ouvert",
        "Ticket opened",
        "فتح تذكرة",
    ),
    (
        "ticket.replied",
        "Réponse à un ticket",
        "Ticket answered",
        "رد على تذكرة",
    ),
    (
        "ticket.closed",
        "Ticket fermé",
        "Ticket closed",
        "إغلاق تذكرة",
    ),
    (
        "ticket.reopened",
        "Ticket rouvert",
        "Ticket reopened",
        "إعادة فتح تذكرة",
    ),
    (
        "ticket.message_deleted",
        "Message de ticket supprimé",
        "Ticket message deleted",
        "حذف رسالة تذكرة",
    ),
    (
        "announcement.published",
        "Annonce publiée",
        "Announcement published",
        "نشر إعلان",
    ),
    (
        "announcement.deleted",
        "Annonce supprimée",
        "Announcement deleted",
        "حذف إعلان",
    ),
    (
        "guide.written",
        "Guide écrit",
        "Guide written",
        "كتابة دليل",
    ),
    (
        "guide.deleted",
        "Guide supprimé",
        "Guide deleted",
        "حذف دليل",
    ),
    (
        "inventory.client_requested",
        "Service de stock demandé",
        "Stock service requested",
        "طلب خدمة المخزون",
    ),
    (
        "inventory.client_decided",
        "Service de stock décidé",
        "Stock service decided",
        "البت في خدمة المخزون",
    ),
    (
        "inventory.product_created",
        "Produit créé",
        "Product created",
        "إنشاء منتج",
    ),
    (
        "inventory.product_updated",
        "Produit modifié",
        "Product updated",
        "تعديل منتج",
    ),
    (
        "inventory.entry_declared",
        "Entrée de stock déclarée",
        "Stock entry declared",
        "التصريح بإدخال مخزون",
    ),
    (
        "inventory.adjustment",
        "Ajustement de stock",
        "Stock adjustment",
        "تسوية المخزون",
    ),
    (
        "inventory.movement_validated",
        "Mouvement de stock validé",
        "Stock movement validated",
        "المصادقة على حركة مخزون",
    ),
    (
        "inventory.movement_rejected",
        "Mouvement de stock refusé",
        "Stock movement rejected",
        "رفض حركة مخزون",
    ),
    (
        "inventory.movement_deleted",
        "Mouvement de stock supprimé",
        "Stock movement deleted",
        "حذف حركة مخزون",
    ),
    (
        "inventory.reserved",
        "Stock réservé pour un colis",
        "Stock reserved for a parcel",
        "حجز مخزون لطرد",
    ),
    (
        "inventory.released",
        "Réservation de stock libérée",
        "Stock reservation released",
        "تحرير حجز مخزون",
    ),
    (
        "inventory.exit",
        "Sortie de stock d'un colis",
        "Stock out with a parcel",
        "خروج مخزون مع طرد",
    ),
    (
        "inventory.return_pending",
        "Retour de stock attendu",
        "Stock return expected",
        "إرجاع مخزون منتظر",
    ),
];

/// The label of an action in `language` (the action itself when unknown).
pub fn label(action: &str, language: Language) -> String {
    ACTIONS
        .iter()
        .find(|(key, ..)| *key == action)
        .map(|(_, fr, en, ar)| language.pick(*fr, *en, *ar).to_owned())
        .unwrap_or_else(|| action.to_owned())
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ActionKind {
    pub key: &'static str,
    /// In the `Accept-Language` language.
    pub label: &'static str,
}

pub fn kinds(language: Language) -> Vec<ActionKind> {
    ACTIONS
        .iter()
        .map(|(key, fr, en, ar)| ActionKind {
            key,
            label: language.pick(fr, en, ar),
        })
        .collect()
}
