//! Pickup, exit and return vouchers (`colivra-vouchers`). Most of their refusals name the
//! parcels they concern: "message : CODE1, CODE2." (see `COMPOSITIONS`), the message being one
//! of these.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    (
        "{} colis au plus par bon.",
        "{} parcels at most per voucher.",
        "{} طرد كحد أقصى في كل وصل.",
    ),
    (
        "Le bon {} a déjà été réceptionné : il ne change plus.",
        "Voucher {} has already been received: it no longer changes.",
        "تم استقبال الوصل {} من قبل: لم يعد يتغير.",
    ),
    (
        "{} est déjà sur un autre bon en cours.",
        "{} is already on another open voucher.",
        "الطرد {} موجود من قبل في وصل آخر قيد المعالجة.",
    ),
    (
        "Statut inconnu : new, received (ou validated) ou issued.",
        "Unknown status: new, received (or validated) or issued.",
        "حالة غير معروفة: new أو received (أو validated) أو issued.",
    ),
    ("Colis introuvables", "Parcels not found", "طرود غير موجودة"),
    // Pickup.
    (
        "Seuls les nouveaux colis vont sur un bon de ramassage",
        "Only new parcels go on a pickup voucher",
        "لا توضع في وصل الاستلام إلا الطرود الجديدة",
    ),
    (
        "Un bon de ramassage ne concerne qu'une boutique ; ceux-ci sont d'une autre",
        "A pickup voucher is for one shop only; these are from another",
        "يخص وصل الاستلام متجرًا واحدًا فقط؛ وهذه الطرود من متجر آخر",
    ),
    (
        "Indiquez le bon reçu.",
        "Give the voucher received.",
        "حدِّد الوصل المستقبَل.",
    ),
    (
        "Retirés du bon entre-temps : rechargez le bon",
        "Taken off the voucher in the meantime: reload the voucher",
        "سُحبت من الوصل في الأثناء: أعد تحميل الوصل",
    ),
    (
        "Ces colis ne sont pas sur ce bon",
        "These parcels are not on this voucher",
        "هذه الطرود ليست في هذا الوصل",
    ),
    // Exit.
    (
        "Livreur introuvable ou inactif.",
        "Delivery person not found or inactive.",
        "عامل التوصيل غير موجود أو غير نشط.",
    ),
    (
        "Seuls les colis ramassés partent en distribution",
        "Only picked-up parcels go out for delivery",
        "لا تخرج للتوزيع إلا الطرود المستلَمة",
    ),
    (
        "Ce livreur ne dessert pas la ville de ces colis (forcer pour les confier quand même)",
        "This delivery person does not serve the city of these parcels (force to hand them over anyway)",
        "عامل التوصيل هذا لا يخدم مدينة هذه الطرود (استعمل الفرض لتسليمها إليه رغم ذلك)",
    ),
    // Returns.
    (
        "Réservé aux livreurs et à l'administration.",
        "For delivery people and the administration only.",
        "مخصص لعمال التوصيل والإدارة فقط.",
    ),
    (
        "Colis introuvables chez ce livreur",
        "Parcels not found with this delivery person",
        "طرود غير موجودة لدى عامل التوصيل هذا",
    ),
    (
        "Ces colis ne sont pas à retourner",
        "These parcels are not to be returned",
        "هذه الطرود ليست للإرجاع",
    ),
    (
        "Ces colis ont changé depuis la création du bon",
        "These parcels changed since the voucher was created",
        "تغيَّرت هذه الطرود منذ إنشاء الوصل",
    ),
];
