//! Messages to people outside the app (`colivra-notifications`) and the links to choose a
//! password (`colivra-auth`'s password_links).

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    (
        "Ce destinataire a demandé à ne plus recevoir de messages.",
        "This recipient asked to get no more messages.",
        "طلب هذا المستلم عدم تلقي رسائل بعد الآن.",
    ),
    (
        "Ce numéro ne recevra plus nos messages.",
        "This number will get no more messages from us.",
        "لن يتلقى هذا الرقم رسائلنا بعد الآن.",
    ),
    (
        "Ce lien n'est plus valable : demandez-en un nouveau.",
        "This link is no longer valid: ask for a new one.",
        "هذا الرابط لم يعد صالحًا: اطلب رابطًا جديدًا.",
    ),
    (
        "Saisissez une adresse e-mail valide.",
        "Enter a valid e-mail address.",
        "أدخل عنوان بريد إلكتروني صالحًا.",
    ),
    (
        "Ce type d'avis ne concerne pas ce compte.",
        "This kind of notice does not concern this account.",
        "هذا النوع من الإشعارات لا يخص هذا الحساب.",
    ),
    (
        "Les messages de sécurité ne peuvent pas être désactivés.",
        "Security messages cannot be turned off.",
        "لا يمكن إيقاف رسائل الأمان.",
    ),
    (
        "Un lien pour choisir un mot de passe n'est pas renvoyé : demandez-en un nouveau.",
        "A link to choose a password is not sent again: ask for a new one.",
        "لا يُعاد إرسال رابط اختيار كلمة المرور: اطلب رابطًا جديدًا.",
    ),
    (
        "adresse invalide : {}",
        "invalid address: {}",
        "عنوان غير صالح: {}",
    ),
    (
        "canal {} non configuré",
        "channel {} not configured",
        "القناة {} غير مُعدّة",
    ),
    (
        "type de message {} inconnu",
        "unknown message kind {}",
        "نوع رسالة غير معروف {}",
    ),
];
