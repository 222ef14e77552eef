//! Orders confirmed before pickup (`colivra-confirmations`): the agents' calls and statistics.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    (
        "Indiquez le résultat de l'appel.",
        "Give the call's outcome.",
        "حدّد نتيجة المكالمة.",
    ),
    (
        "Choisissez un moment à venir.",
        "Choose a time to come.",
        "اختر وقتًا قادمًا.",
    ),
    (
        "Dans les 7 jours au plus.",
        "Within 7 days at most.",
        "في غضون 7 أيام على الأكثر.",
    ),
    (
        "Seulement pour « pas de réponse ».",
        "Only for “no answer”.",
        "فقط عند « لا يجيب ».",
    ),
    (
        "Une correction accompagne une confirmation.",
        "A correction goes with a confirmation.",
        "التصحيح يرافق التأكيد فقط.",
    ),
    (
        "L'adresse ne peut pas être vide.",
        "The address cannot be empty.",
        "لا يمكن أن يكون العنوان فارغًا.",
    ),
    (
        "Cette commande a déjà été traitée.",
        "This order has already been handled.",
        "تمت معالجة هذا الطلب من قبل.",
    ),
    (
        "Un autre agent traite cette commande : prenez la suivante.",
        "Another agent is handling this order: take the next one.",
        "وكيل آخر يعالج هذا الطلب: خذ الطلب التالي.",
    ),
    (
        "Entre {} et {} : au-delà, le marchand modifie le colis lui-même.",
        "Between {} and {}: beyond that, the merchant edits the parcel himself.",
        "بين {} و{}: أبعد من ذلك، يعدّل التاجر الطرد بنفسه.",
    ),
    (
        "La fin précède le début.",
        "The end comes before the start.",
        "النهاية تسبق البداية.",
    ),
];
