//! Merchants' webhook endpoints (`colivra-webhooks`).

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    (
        "Indiquez l'adresse (https, {} caractères au plus).",
        "Give the address (https, {} characters at most).",
        "حدِّد العنوان (https، {} حرف كحد أقصى).",
    ),
    (
        "Indiquez une adresse https de {} caractères au plus.",
        "Give an https address of {} characters at most.",
        "حدِّد عنوان https من {} حرف كحد أقصى.",
    ),
    (
        "Seules les adresses https sont acceptées.",
        "Only https addresses are accepted.",
        "لا تُقبل إلا عناوين https.",
    ),
    (
        "L'adresse ne peut pas contenir d'identifiants.",
        "The address cannot contain credentials.",
        "لا يمكن أن يتضمن العنوان بيانات دخول.",
    ),
    (
        "Les adresses privées, locales ou réservées sont refusées.",
        "Private, local or reserved addresses are refused.",
        "العناوين الخاصة أو المحلية أو المحجوزة مرفوضة.",
    ),
    ("Adresse invalide.", "Invalid address.", "عنوان غير صالح."),
    (
        "Événement inconnu : {}.",
        "Unknown event: {}.",
        "حدث غير معروف: {}.",
    ),
    (
        "Choisissez au moins un événement.",
        "Choose at least one event.",
        "اختر حدثًا واحدًا على الأقل.",
    ),
    (
        "{} adresses au plus : supprimez-en une d'abord.",
        "{} addresses at most: delete one first.",
        "{} عناوين كحد أقصى: احذف أحدها أولًا.",
    ),
];
