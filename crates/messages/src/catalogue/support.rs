//! Support (`colivra-support`): tickets and their messages, announcements, guides, the search,
//! the activity log.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // Tickets.
    (
        "Seuls les clients ouvrent des tickets.",
        "Only merchants open tickets.",
        "وحدهم التجار يفتحون التذاكر.",
    ),
    (
        "Le sujet est obligatoire.",
        "The subject is required.",
        "الموضوع إلزامي.",
    ),
    (
        "Choisissez une catégorie : parcel, pickup, invoice, account ou other.",
        "Choose a category: parcel, pickup, invoice, account or other.",
        "اختر فئة: parcel أو pickup أو invoice أو account أو other.",
    ),
    (
        "Catégorie inconnue : parcel, pickup, invoice, account ou other.",
        "Unknown category: parcel, pickup, invoice, account or other.",
        "فئة غير معروفة: parcel أو pickup أو invoice أو account أو other.",
    ),
    (
        "Aucun de vos colis ne porte ce code.",
        "None of your parcels has this code.",
        "لا يحمل أي طرد من طرودك هذا الرمز.",
    ),
    (
        "Le ticket est obligatoire.",
        "The ticket is required.",
        "التذكرة إلزامية.",
    ),
    (
        "Seul le client rouvre un ticket (en écrivant un message).",
        "Only the merchant reopens a ticket (by writing a message).",
        "وحده التاجر يعيد فتح التذكرة (بكتابة رسالة).",
    ),
    (
        "Statut possible : closed, ou open pour rouvrir.",
        "Possible status: closed, or open to reopen.",
        "الحالة الممكنة: closed، أو open لإعادة الفتح.",
    ),
    (
        "Statut inconnu : open, answered ou closed.",
        "Unknown status: open, answered or closed.",
        "حالة غير معروفة: open أو answered أو closed.",
    ),
    (
        "Ce ticket est déjà fermé.",
        "This ticket is already closed.",
        "هذه التذكرة مغلقة من قبل.",
    ),
    (
        "Ce ticket est déjà ouvert.",
        "This ticket is already open.",
        "هذه التذكرة مفتوحة من قبل.",
    ),
    (
        "Le message est obligatoire.",
        "The message is required.",
        "الرسالة إلزامية.",
    ),
    (
        "Seul l'auteur d'un message peut le supprimer.",
        "Only the author of a message can delete it.",
        "وحده كاتب الرسالة يمكنه حذفها.",
    ),
    (
        "Le premier message d'un ticket ne se supprime pas.",
        "The first message of a ticket cannot be deleted.",
        "لا تُحذف الرسالة الأولى من التذكرة.",
    ),
    (
        "Une réponse a suivi ce message : il ne se supprime plus.",
        "A reply followed this message: it can no longer be deleted.",
        "تلت هذه الرسالةَ إجابةٌ: لم يعد بالإمكان حذفها.",
    ),
    // Announcements and guides.
    (
        "Choisissez le public : all, clients ou delivery.",
        "Choose the audience: all, clients or delivery.",
        "اختر الجمهور: all أو clients أو delivery.",
    ),
    (
        "Le titre est obligatoire.",
        "The title is required.",
        "العنوان إلزامي.",
    ),
    (
        "Le texte est obligatoire.",
        "The text is required.",
        "النص إلزامي.",
    ),
    (
        "Le contenu est obligatoire.",
        "The content is required.",
        "المحتوى إلزامي.",
    ),
    (
        "Ce guide est livré avec le produit : il ne se modifie ni ne se supprime.",
        "This guide ships with the product: it cannot be edited or deleted.",
        "هذا الدليل مرفق بالمنتج: لا يمكن تعديله ولا حذفه.",
    ),
];
