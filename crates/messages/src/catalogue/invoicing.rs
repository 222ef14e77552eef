//! Client and delivery invoices, their payment, delivery people's balances
//! (`colivra-invoicing`).

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // Both families.
    (
        "Ces colis ne peuvent pas aller sur cette facture",
        "These parcels cannot go on this invoice",
        "لا يمكن إدراج هذه الطرود في هذه الفاتورة",
    ),
    (
        "Ces colis viennent d'être pris par une autre facture",
        "These parcels were just taken by another invoice",
        "أُدرجت هذه الطرود للتو في فاتورة أخرى",
    ),
    (
        "{} colis au plus par facture.",
        "{} parcels at most per invoice.",
        "{} طرد كحد أقصى في كل فاتورة.",
    ),
    (
        "La facture {} est validée : elle ne change plus.",
        "Invoice {} is validated: it no longer changes.",
        "تمت المصادقة على الفاتورة {}: لم تعد تتغير.",
    ),
    (
        "Une facture sans colis ne se valide pas : supprimez le brouillon.",
        "An invoice without parcels cannot be validated: delete the draft.",
        "لا تتم المصادقة على فاتورة بلا طرود: احذف المسودة.",
    ),
    (
        "Statut inconnu : draft, validated ou paid.",
        "Unknown status: draft, validated or paid.",
        "حالة غير معروفة: draft أو validated أو paid.",
    ),
    (
        "Type inconnu : delivered ou returned.",
        "Unknown type: delivered or returned.",
        "نوع غير معروف: delivered أو returned.",
    ),
    // Client invoices and their payment.
    ("Choisissez une boutique.", "Choose a shop.", "اختر متجرًا."),
    (
        "Aucun colis à facturer pour cette boutique.",
        "No parcel to invoice for this shop.",
        "لا يوجد أي طرد للفوترة لهذا المتجر.",
    ),
    (
        "Changez les colis ou le statut, pas les deux à la fois.",
        "Change the parcels or the status, not both at once.",
        "غيِّر الطرود أو الحالة، لا الاثنين معًا.",
    ),
    (
        "Indiquez les colis, ou le statut validated ou paid.",
        "Give the parcels, or the status validated or paid.",
        "حدِّد الطرود، أو الحالة validated أو paid.",
    ),
    (
        "Indiquez la date du paiement.",
        "Give the payment date.",
        "حدِّد تاريخ الأداء.",
    ),
    (
        "La date ne peut pas être future.",
        "The date cannot be in the future.",
        "لا يمكن أن يكون التاريخ في المستقبل.",
    ),
    (
        "Validez la facture avant d'enregistrer son paiement.",
        "Validate the invoice before recording its payment.",
        "صادِق على الفاتورة قبل تسجيل أدائها.",
    ),
    (
        "Le paiement de la facture {} est déjà enregistré.",
        "The payment of invoice {} is already recorded.",
        "أداء الفاتورة {} مسجَّل من قبل.",
    ),
    // Delivery invoices: declaring, counting the cash.
    (
        "Aucun colis à déclarer pour ce livreur.",
        "No parcel to declare for this delivery person.",
        "لا يوجد أي طرد للتصريح به لعامل التوصيل هذا.",
    ),
    (
        "Seul un agent reporte l'écart du livreur sur une facture.",
        "Only an agent carries the delivery person's difference onto an invoice.",
        "وحده الموظف يرحِّل فرق عامل التوصيل إلى فاتورة.",
    ),
    (
        "Enregistrez d'abord les espèces comptées.",
        "Record the cash counted first.",
        "سجِّل النقود المعدودة أولًا.",
    ),
    (
        "Enregistrez le comptage, puis validez.",
        "Record the count, then validate.",
        "سجِّل العدّ، ثم صادِق.",
    ),
    (
        "Indiquez le montant compté, ou le statut validated.",
        "Give the amount counted, or the status validated.",
        "حدِّد المبلغ المعدود، أو الحالة validated.",
    ),
    (
        "Le montant compté va de 0 à 1 000 000 DH.",
        "The amount counted is from 0 to 1,000,000 DH.",
        "المبلغ المعدود من 0 إلى 1 000 000 درهم.",
    ),
    (
        "Les espèces de cette facture ont été comptées : voyez l'agent pour la changer.",
        "This invoice's cash has been counted: see the agent to change it.",
        "تم عدّ نقود هذه الفاتورة: راجع الموظف لتغييرها.",
    ),
    // Balances: carrying, settling, writing off.
    (
        "Ce livreur n'a aucun écart à reporter.",
        "This delivery person has no difference to carry.",
        "ليس لعامل التوصيل هذا أي فرق للترحيل.",
    ),
    (
        "Ce livreur n'a aucun écart à régler.",
        "This delivery person has no difference to settle.",
        "ليس لعامل التوصيل هذا أي فرق للتسوية.",
    ),
    (
        "Le solde de ce livreur vient d'être modifié par quelqu'un d'autre : rechargez-le et recommencez.",
        "This delivery person's balance was just changed by someone else: reload it and start again.",
        "عدَّل شخص آخر رصيد عامل التوصيل هذا للتو: أعد تحميله وابدأ من جديد.",
    ),
    (
        "Le solde du livreur est maintenant de {} : l'écart reporté sur cette facture ({}) ne lui correspond plus. Mettez à jour l'écart reporté, puis validez.",
        "The delivery person's balance is now {}: the difference carried onto this invoice ({}) no longer matches it. Update the carried difference, then validate.",
        "رصيد عامل التوصيل الآن {}: الفرق المرحَّل إلى هذه الفاتورة ({}) لم يعد يطابقه. حدِّث الفرق المرحَّل، ثم صادِق.",
    ),
    (
        "Le solde n'est que de {} : un règlement ne le fait pas passer de l'autre côté de zéro.",
        "The balance is only {}: a settlement does not take it past zero.",
        "الرصيد {} فقط: لا تتجاوز التسوية به الصفر.",
    ),
    (
        "Choisissez : payment ou write_off.",
        "Choose: payment or write_off.",
        "اختر: payment أو write_off.",
    ),
    (
        "Type inconnu : payment ou write_off.",
        "Unknown type: payment or write_off.",
        "نوع غير معروف: payment أو write_off.",
    ),
    ("Indiquez le montant.", "Give the amount.", "حدِّد المبلغ."),
    (
        "Le montant va de 0,01 à 1 000 000 DH.",
        "The amount is from 0.01 to 1,000,000 DH.",
        "المبلغ من 0,01 إلى 1 000 000 درهم.",
    ),
    (
        "Dites pourquoi le montant est abandonné (obligatoire pour une remise).",
        "Say why the amount is given up (required for a write-off).",
        "اذكر سبب التخلي عن المبلغ (إلزامي في حالة الإعفاء).",
    ),
    // Merchant accounts.
    (
        "Ce marchand ne doit rien à la société.",
        "This merchant owes the company nothing.",
        "هذا التاجر لا يدين للشركة بشيء.",
    ),
    (
        "Le compte de ce marchand vient d'être modifié par quelqu'un d'autre : rechargez-le et recommencez.",
        "This merchant's account was just changed by someone else: reload it and start again.",
        "عدَّل شخص آخر حساب هذا التاجر للتو: أعد تحميله وابدأ من جديد.",
    ),
    (
        "La facture retour {} se règle par le compte du marchand : déduite de son prochain versement, ou réglée dans « Comptes marchands ».",
        "Returned invoice {} is settled through the merchant's account: deducted from his next payout, or settled in « Merchant accounts ».",
        "تُسوّى فاتورة الإرجاع {} عبر حساب التاجر: تُخصم من دفعته القادمة، أو تُسوّى في « حسابات التجار ».",
    ),
    (
        "Le compte de ce marchand est débiteur de {} : il n'est pas payé avant d'être réglé (« Comptes marchands »).",
        "This merchant's account owes {}: he is not paid before it is settled (« Merchant accounts »).",
        "حساب هذا التاجر مدين بمبلغ {}: لا يُدفع له قبل تسويته (« حسابات التجار »).",
    ),
    (
        "Aucun RIB approuvé pour cette boutique : pas de virement possible.",
        "This shop has no approved RIB: no transfer is possible.",
        "لا يوجد RIB مصادق عليه لهذا المتجر: لا يمكن إجراء تحويل.",
    ),
    (
        "La référence du virement est obligatoire.",
        "The transfer reference is required.",
        "مرجع التحويل إلزامي.",
    ),
    (
        "Le numéro du chèque est obligatoire.",
        "The cheque number is required.",
        "رقم الشيك إلزامي.",
    ),
    (
        "Le numéro du reçu de caisse est obligatoire.",
        "The cash receipt number is required.",
        "رقم وصل الصندوق إلزامي.",
    ),
    (
        "Mode de paiement inconnu : transfer, cheque ou cash.",
        "Unknown payment method: transfer, cheque or cash.",
        "طريقة أداء غير معروفة: transfer أو cheque أو cash.",
    ),
    (
        "La référence compte {} caractères au plus.",
        "The reference has {} characters at most.",
        "يتكون المرجع من {} حرف كحد أقصى.",
    ),
];
