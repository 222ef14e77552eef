//! Stock kept at the hub (`colivra-inventory`): the stock service, products and their import,
//! movements and entry slips, the stock parcels reserve.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // The stock service.
    (
        "Le service de stock n'est pas actif.",
        "The stock service is not active.",
        "خدمة المخزون غير مفعَّلة.",
    ),
    (
        "Le service de stock a déjà été demandé.",
        "The stock service has already been requested.",
        "تم طلب خدمة المخزون من قبل.",
    ),
    (
        "Choisissez « active » ou « suspended ».",
        "Choose “active” or “suspended”.",
        "اختر « active » أو « suspended ».",
    ),
    // Products and their import.
    (
        "Produit introuvable.",
        "Product not found.",
        "المنتج غير موجود.",
    ),
    ("Choisissez un produit.", "Choose a product.", "اختر منتجًا."),
    (
        "La référence (SKU) : 1 à 64 caractères parmi lettres, chiffres, « . », « _ » et « - ».",
        "The reference (SKU): 1 to 64 characters among letters, digits, “.”, “_” and “-”.",
        "المرجع (SKU): من 1 إلى 64 حرفًا من بين الحروف والأرقام و« . » و« _ » و« - ».",
    ),
    (
        "Cette référence (SKU) existe déjà.",
        "This reference (SKU) already exists.",
        "هذا المرجع (SKU) موجود من قبل.",
    ),
    (
        "La référence (SKU) ne change pas après la création.",
        "The reference (SKU) does not change after creation.",
        "لا يتغير المرجع (SKU) بعد الإنشاء.",
    ),
    (
        "Le seuil d'alerte : de 0 à 1 000 000.",
        "Alert threshold: from 0 to 1,000,000.",
        "عتبة التنبيه: من 0 إلى 1 000 000.",
    ),
    (
        "Colonnes manquantes : sku et name sont obligatoires. Partez du modèle à télécharger.",
        "Missing columns: sku and name are required. Start from the template to download.",
        "أعمدة ناقصة: sku وname إلزاميان. انطلق من النموذج القابل للتنزيل.",
    ),
    (
        "Le fichier ne contient aucune ligne de produit.",
        "The file has no product row.",
        "لا يحتوي الملف على أي سطر منتج.",
    ),
    (
        "SKU en double dans le fichier.",
        "This SKU appears twice in the file.",
        "هذا الـSKU مكرر في الملف.",
    ),
    // Movements and entry slips.
    ("Valeur inconnue.", "Unknown value.", "قيمة غير معروفة."),
    (
        "Un commentaire est obligatoire.",
        "A comment is required.",
        "التعليق إلزامي.",
    ),
    (
        "Seule une entrée peut être déclarée.",
        "Only an entry can be declared.",
        "لا يمكن التصريح إلا بإدخال.",
    ),
    (
        "Seul un ajustement peut être saisi ; les sorties et retours viennent des colis.",
        "Only an adjustment can be entered; exits and returns come from parcels.",
        "لا يمكن إدخال إلا تسوية؛ أما الخروج والإرجاع فمصدرهما الطرود.",
    ),
    (
        "La quantité : de 1 à 1 000 000.",
        "Quantity: from 1 to 1,000,000.",
        "الكمية: من 1 إلى 1 000 000.",
    ),
    (
        "La variation : un nombre non nul, de -1 000 000 à 1 000 000.",
        "Change: a number other than zero, from -1,000,000 to 1,000,000.",
        "التغيير: عدد غير منعدم، من -1 000 000 إلى 1 000 000.",
    ),
    (
        "La quantité reçue : de 0 à 1 000 000.",
        "Quantity received: from 0 to 1,000,000.",
        "الكمية المستلَمة: من 0 إلى 1 000 000.",
    ),
    (
        "Dites pourquoi la quantité reçue diffère de la quantité déclarée.",
        "Say why the quantity received differs from the quantity declared.",
        "اذكر سبب اختلاف الكمية المستلَمة عن الكمية المصرَّح بها.",
    ),
    (
        "Choisissez « validated » ou « rejected ».",
        "Choose “validated” or “rejected”.",
        "اختر « validated » أو « rejected ».",
    ),
    (
        "Ce mouvement n'est plus en attente : il est « {} ».",
        "This movement is no longer pending: it is “{}”.",
        "لم تعد هذه الحركة في الانتظار: إنها في حالة « {} ».",
    ),
    (
        "Le stock ne peut descendre sous les quantités réservées : {} en stock, {} réservé(s).",
        "Stock cannot go below the quantities reserved: {} in stock, {} reserved.",
        "لا يمكن أن ينزل المخزون تحت الكميات المحجوزة: {} في المخزون، {} محجوز.",
    ),
    (
        "Seul l'auteur d'un mouvement peut le supprimer.",
        "Only the author of a movement can delete it.",
        "وحده صاحب الحركة يمكنه حذفها.",
    ),
    (
        "De 1 à 100 lignes.",
        "From 1 to 100 lines.",
        "من 1 إلى 100 سطر.",
    ),
    // Stock reserved by parcels.
    (
        "20 lignes de stock au plus.",
        "20 stock lines at most.",
        "20 سطرًا من المخزون كحد أقصى.",
    ),
    (
        "Ce produit est déjà sur une autre ligne.",
        "This product is already on another line.",
        "هذا المنتج موجود من قبل في سطر آخر.",
    ),
    (
        "Stock insuffisant : {} disponible(s).",
        "Not enough stock: {} available.",
        "مخزون غير كافٍ: المتاح {}.",
    ),
    (
        "Le stock réservé par ce colis n'est plus disponible ({}).",
        "The stock reserved by this parcel is no longer available ({}).",
        "المخزون المحجوز لهذا الطرد لم يعد متاحًا ({}).",
    ),
];

/// A movement's states (`colivra_inventory::STATES`), quoted in its refusals.
pub const LABELS: &[Entry] = &[
    ("En attente", "Pending", "في الانتظار"),
    ("Validé", "Validated", "مصادق عليه"),
    ("Rejeté", "Rejected", "مرفوض"),
];
