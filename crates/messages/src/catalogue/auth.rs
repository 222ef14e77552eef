//! Accounts (`colivra-auth`): registration, sign-in, profile, passwords, tokens, staff,
//! merchants, delivery people and their cities.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // Account forms.
    (
        "Ce champ est obligatoire (100 caractères au plus).",
        "This field is required (100 characters at most).",
        "هذا الحقل إلزامي (100 حرف كحد أقصى).",
    ),
    (
        "Le nom complet est obligatoire (150 caractères au plus).",
        "The full name is required (150 characters at most).",
        "الاسم الكامل إلزامي (150 حرفًا كحد أقصى).",
    ),
    (
        "Adresse e-mail invalide.",
        "Invalid email address.",
        "عنوان بريد إلكتروني غير صالح.",
    ),
    (
        "Cette adresse e-mail est déjà utilisée.",
        "This email address is already in use.",
        "عنوان البريد الإلكتروني هذا مستعمل من قبل.",
    ),
    (
        "Ces identifiants ne correspondent à aucun compte.",
        "These credentials match no account.",
        "بيانات الدخول هذه لا تطابق أي حساب.",
    ),
    (
        "L'ICE compte exactement 15 chiffres.",
        "The ICE has exactly 15 digits.",
        "يتكون ICE من 15 رقمًا بالضبط.",
    ),
    (
        "L'ICE appartient au compte du client.",
        "The ICE belongs to the merchant's account.",
        "يتبع ICE حساب التاجر.",
    ),
    (
        "La photo doit être une image PNG, JPEG ou WebP de 300 Ko au plus.",
        "The photo must be a PNG, JPEG or WebP image of 300 KB at most.",
        "يجب أن تكون الصورة بصيغة PNG أو JPEG أو WebP وبحجم 300 كيلوبايت كحد أقصى.",
    ),
    // Passwords.
    (
        "Le mot de passe est obligatoire.",
        "The password is required.",
        "كلمة المرور إلزامية.",
    ),
    (
        "Le mot de passe doit contenir au moins {} caractères.",
        "The password must have at least {} characters.",
        "يجب أن تتكون كلمة المرور من {} أحرف على الأقل.",
    ),
    (
        "Le mot de passe ne doit pas dépasser {} caractères.",
        "The password must not be longer than {} characters.",
        "يجب ألا تتجاوز كلمة المرور {} حرفًا.",
    ),
    (
        "Ce mot de passe est trop courant ou trop facile à deviner.",
        "This password is too common or too easy to guess.",
        "كلمة المرور هذه شائعة جدًا أو سهلة التخمين.",
    ),
    (
        "La confirmation ne correspond pas au mot de passe.",
        "The confirmation does not match the password.",
        "التأكيد لا يطابق كلمة المرور.",
    ),
    (
        "Le mot de passe actuel est incorrect.",
        "The current password is incorrect.",
        "كلمة المرور الحالية غير صحيحة.",
    ),
    // Personal tokens.
    (
        "Donnez un nom au jeton (100 caractères au plus).",
        "Give the token a name (100 characters at most).",
        "أعطِ الرمز اسمًا (100 حرف كحد أقصى).",
    ),
    (
        "Capacités possibles : read (lecture) et write (écriture).",
        "Possible abilities: read (reading) and write (writing).",
        "الصلاحيات الممكنة: read (القراءة) وwrite (الكتابة).",
    ),
    (
        "Un jeton vit {} jours au plus.",
        "A token lasts {} days at most.",
        "مدة صلاحية الرمز {} يومًا كحد أقصى.",
    ),
    (
        "La date d'expiration doit être dans le futur.",
        "The expiry date must be in the future.",
        "يجب أن يكون تاريخ الانتهاء في المستقبل.",
    ),
    (
        "Date invalide (AAAA-MM-JJ).",
        "Invalid date (YYYY-MM-DD).",
        "تاريخ غير صالح (YYYY-MM-DD).",
    ),
    (
        "{} jetons au plus : révoquez-en un d'abord.",
        "{} tokens at most: revoke one first.",
        "{} رموز كحد أقصى: ألغِ أحدها أولًا.",
    ),
    // Permissions and staff.
    (
        "Permissions inconnues : {}.",
        "Unknown permissions: {}.",
        "صلاحيات غير معروفة: {}.",
    ),
    (
        "Choisissez au moins une permission.",
        "Choose at least one permission.",
        "اختر صلاحية واحدة على الأقل.",
    ),
    (
        "Vous ne pouvez pas accorder une permission que vous n'avez pas : {}.",
        "You cannot grant a permission you do not have: {}.",
        "لا يمكنك منح صلاحية لا تملكها: {}.",
    ),
    (
        "Ce compte a des permissions que vous n'avez pas.",
        "This account has permissions you do not have.",
        "لهذا الحساب صلاحيات لا تملكها.",
    ),
    (
        "Vous ne pouvez pas supprimer votre propre compte.",
        "You cannot delete your own account.",
        "لا يمكنك حذف حسابك الخاص.",
    ),
    (
        "Vous ne pouvez pas désactiver votre propre compte.",
        "You cannot deactivate your own account.",
        "لا يمكنك تعطيل حسابك الخاص.",
    ),
    ("Accès refusé.", "Access denied.", "تم رفض الوصول."),
    (
        "Seul un administrateur complet gère les administrateurs.",
        "Only a full administrator manages administrators.",
        "وحده المسؤول ذو الصلاحيات الكاملة يدير المسؤولين.",
    ),
    // Merchants and delivery people.
    (
        "Ce client a {} colis : désactivez son compte plutôt.",
        "This merchant has {} parcels: deactivate the account instead.",
        "لهذا التاجر {} طرد: عطِّل حسابه بدلًا من ذلك.",
    ),
    (
        "Ce livreur a eu {} colis : désactivez-le plutôt.",
        "This delivery person has had {} parcels: deactivate him instead.",
        "كان لعامل التوصيل هذا {} طرد: عطِّله بدلًا من ذلك.",
    ),
    (
        "Le numéro de CIN est obligatoire.",
        "The national ID number (CIN) is required.",
        "رقم البطاقة الوطنية (CIN) إلزامي.",
    ),
    (
        "Cette commission est obligatoire.",
        "This commission is required.",
        "هذه العمولة إلزامية.",
    ),
    (
        "{} est déjà dans ses villes.",
        "{} is already one of his cities.",
        "{} ضمن مدنه من قبل.",
    ),
    (
        "Cette ville est déjà dans ses villes.",
        "This city is already one of his cities.",
        "هذه المدينة ضمن مدنه من قبل.",
    ),
];
