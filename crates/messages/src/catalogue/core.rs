//! The shared vocabulary (`colivra-core`: the error kinds, lengths, phone numbers, lists), the
//! database layer's refusals, the gateway's own (access, idempotency, bodies), the reading of
//! uploaded sheets (`colivra-documents`), and the sentences several crates write alike.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // The error kinds (`AppError`'s own texts).
    ("Non authentifié.", "Not signed in.", "لم تسجّل الدخول."),
    (
        "Ressource introuvable.",
        "Not found.",
        "العنصر المطلوب غير موجود.",
    ),
    (
        "Méthode non autorisée sur cette adresse.",
        "This method is not allowed at this address.",
        "هذه الطريقة غير مسموح بها على هذا العنوان.",
    ),
    (
        "Le corps de la requête est trop volumineux.",
        "The request body is too large.",
        "محتوى الطلب كبير جدًا.",
    ),
    (
        "Jeton CSRF absent ou invalide. Rechargez la page.",
        "CSRF token missing or invalid. Reload the page.",
        "رمز CSRF غائب أو غير صالح. أعد تحميل الصفحة.",
    ),
    (
        "Les données envoyées ne sont pas valides.",
        "The data sent is not valid.",
        "البيانات المرسلة غير صالحة.",
    ),
    (
        "Trop de tentatives. Réessayez dans {} secondes.",
        "Too many attempts. Try again in {} seconds.",
        "محاولات كثيرة. أعد المحاولة بعد {} ثانية.",
    ),
    (
        "Le service est momentanément indisponible.",
        "The service is temporarily unavailable.",
        "الخدمة غير متاحة مؤقتًا.",
    ),
    ("Erreur interne.", "Internal error.", "خطأ داخلي."),
    (
        "Erreur interne (référence {}).",
        "Internal error (reference {}).",
        "خطأ داخلي (المرجع {}).",
    ),
    (
        "Action non autorisée.",
        "Action not allowed.",
        "إجراء غير مسموح به.",
    ),
    ("Valeur invalide.", "Invalid value.", "قيمة غير صالحة."),
    // Lengths, numbers, lists.
    (
        "{} caractères au plus ({} saisis).",
        "{} characters at most ({} entered).",
        "{} حرف كحد أقصى (أُدخل {}).",
    ),
    (
        "{} caractères au plus.",
        "{} characters at most.",
        "{} حرف كحد أقصى.",
    ),
    (
        "{} caractères au moins.",
        "At least {} characters.",
        "{} أحرف على الأقل.",
    ),
    (
        "Numéro de téléphone marocain invalide (ex. 0612345678 ou +212612345678).",
        "Invalid Moroccan phone number (e.g. 0612345678 or +212612345678).",
        "رقم هاتف مغربي غير صالح (مثال: 0612345678 أو +212612345678).",
    ),
    (
        "Tri possible par : {}.",
        "Sort by one of: {}.",
        "الترتيب ممكن حسب: {}.",
    ),
    (
        "Cette liste se parcourt par numéro de page.",
        "This list is browsed by page number.",
        "تُتصفَّح هذه القائمة برقم الصفحة.",
    ),
    (
        "Langue inconnue : fr, en ou ar.",
        "Unknown language: fr, en or ar.",
        "لغة غير معروفة: fr أو en أو ar.",
    ),
    (
        "La date de fin précède la date de début.",
        "The end date is before the start date.",
        "تاريخ النهاية يسبق تاريخ البداية.",
    ),
    ("Statut inconnu.", "Unknown status.", "حالة غير معروفة."),
    (
        "Statut inconnu : {}.",
        "Unknown status: {}.",
        "حالة غير معروفة: {}.",
    ),
    (
        "Le nom est obligatoire.",
        "The name is required.",
        "الاسم إلزامي.",
    ),
    (
        "Choisissez un livreur.",
        "Choose a delivery person.",
        "اختر عامل توصيل.",
    ),
    (
        "Livreur introuvable.",
        "Delivery person not found.",
        "عامل التوصيل غير موجود.",
    ),
    (
        "Choisissez une ville desservie.",
        "Choose a city that is served.",
        "اختر مدينة يشملها التوصيل.",
    ),
    (
        "Choisissez une ville desservie dans la liste.",
        "Choose a city that is served from the list.",
        "اختر من القائمة مدينة يشملها التوصيل.",
    ),
    (
        "Choisissez au moins un colis.",
        "Choose at least one parcel.",
        "اختر طردًا واحدًا على الأقل.",
    ),
    (
        "Boutique introuvable.",
        "Shop not found.",
        "المتجر غير موجود.",
    ),
    ("Entre 0 et {}.", "Between 0 and {}.", "بين 0 و{}."),
    // Uploaded files (CSV or Excel).
    ("Le fichier est vide.", "The file is empty.", "الملف فارغ."),
    (
        "{} lignes au plus par fichier : découpez-le.",
        "{} rows at most per file: split it.",
        "{} سطر كحد أقصى في كل ملف: قسِّمه.",
    ),
    (
        "« {} » n'est pas un nombre.",
        "“{}” is not a number.",
        "« {} » ليس عددًا.",
    ),
    (
        "Fichier Excel illisible : {}",
        "Unreadable Excel file: {}",
        "ملف Excel غير مقروء: {}",
    ),
    (
        "Le classeur ne contient aucune feuille.",
        "The workbook has no sheet.",
        "لا يحتوي المصنف على أي ورقة.",
    ),
    (
        "Feuille illisible : {}",
        "Unreadable sheet: {}",
        "ورقة غير مقروءة: {}",
    ),
    (
        "Le fichier CSV doit être encodé en UTF-8.",
        "The CSV file must be encoded in UTF-8.",
        "يجب أن يكون ملف CSV بترميز UTF-8.",
    ),
    (
        "CSV illisible : {}",
        "Unreadable CSV: {}",
        "ملف CSV غير مقروء: {}",
    ),
    (
        "Ligne {} : caractère de contrôle interdit (NUL, …).",
        "Row {}: control character not allowed (NUL, …).",
        "السطر {}: حرف تحكم غير مسموح به (NUL، …).",
    ),
    (
        "Joignez un fichier CSV ou Excel (champ « file »).",
        "Attach a CSV or Excel file (field “file”).",
        "أرفق ملف CSV أو Excel (الحقل « file »).",
    ),
    // The gateway: bodies, access, idempotency, readiness.
    (
        "Corps JSON invalide : {}",
        "Invalid JSON body: {}",
        "محتوى JSON غير صالح: {}",
    ),
    (
        "Paramètres invalides : {}",
        "Invalid parameters: {}",
        "معلمات غير صالحة: {}",
    ),
    (
        "Caractère de contrôle interdit (NUL, …).",
        "Control character not allowed (NUL, …).",
        "حرف تحكم غير مسموح به (NUL، …).",
    ),
    (
        "Cette action demande une connexion par le navigateur, pas un jeton.",
        "This action needs a sign-in from the browser, not a token.",
        "يتطلب هذا الإجراء تسجيل الدخول من المتصفح، لا رمزًا شخصيًا.",
    ),
    (
        "Ce jeton n'a pas la capacité read.",
        "This token does not have the read ability.",
        "هذا الرمز لا يملك صلاحية read.",
    ),
    (
        "Ce jeton n'a pas la capacité write.",
        "This token does not have the write ability.",
        "هذا الرمز لا يملك صلاحية write.",
    ),
    (
        "Votre compte n'est pas encore activé.",
        "Your account is not activated yet.",
        "حسابك غير مفعَّل بعد.",
    ),
    (
        "Cette action n'est pas ouverte à votre rôle.",
        "This action is not open to your role.",
        "هذا الإجراء غير متاح لدورك.",
    ),
    (
        "Vous n'avez pas la permission nécessaire.",
        "You do not have the permission this needs.",
        "ليست لديك الصلاحية اللازمة.",
    ),
    (
        "Réservé aux clients.",
        "For merchants only.",
        "مخصص للتجار فقط.",
    ),
    (
        "La clé d'idempotence compte de 1 à 255 caractères visibles (lettres, chiffres, signes).",
        "The idempotency key has 1 to 255 visible characters (letters, digits, signs).",
        "يتكون مفتاح عدم التكرار من 1 إلى 255 حرفًا مرئيًا (حروف وأرقام ورموز).",
    ),
    (
        "Cette clé d'idempotence a déjà servi pour une autre requête.",
        "This idempotency key was already used for another request.",
        "سبق استعمال مفتاح عدم التكرار هذا لطلب آخر.",
    ),
    (
        "Une requête avec la même clé d'idempotence est en cours ; réessayez dans un instant.",
        "A request with the same idempotency key is in progress; try again in a moment.",
        "طلب بنفس مفتاح عدم التكرار قيد المعالجة؛ أعد المحاولة بعد لحظة.",
    ),
    (
        "La base de données ne répond pas.",
        "The database is not answering.",
        "قاعدة البيانات لا تستجيب.",
    ),
];
