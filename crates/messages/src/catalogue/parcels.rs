//! Parcels and what they stand on (`colivra-parcels`): cities, fees and prices, shops and their
//! RIB, the company's identity, parcels (form, import, labels, lists), status moves, undo,
//! proofs of delivery.

use crate::Entry;

pub const ENTRIES: &[Entry] = &[
    // Recipients' history and the company's policy (issue 40).
    ("Entre {} et {}.", "Between {} and {}.", "بين {} و{}."),
    (
        "Au moins le seuil « à confirmer » : un destinataire risqué est d'abord à confirmer.",
        "At least the “to confirm” threshold: a risky recipient is first one to confirm.",
        "على الأقل عتبة « للتأكيد »: المستلم المحفوف بالمخاطر يكون أولًا للتأكيد.",
    ),
    (
        "Le destinataire {} est « risqué » : la politique de l'entreprise refuse ses nouveaux colis.",
        "The recipient {} is “risky”: the company's policy refuses new parcels for them.",
        "المستلم {} « محفوف بالمخاطر »: سياسة الشركة ترفض طروده الجديدة.",
    ),
    (
        "Le destinataire {} est « à confirmer » : la politique de l'entreprise refuse ses nouveaux colis.",
        "The recipient {} is “to confirm”: the company's policy refuses new parcels for them.",
        "المستلم {} « للتأكيد »: سياسة الشركة ترفض طروده الجديدة.",
    ),
    // Failed attempts decided (issue 40).
    (
        "Ce colis n'attend plus de décision.",
        "This parcel no longer waits for a decision.",
        "هذا الطرد لم يعد ينتظر قرارًا.",
    ),
    (
        "Choisissez : nouvelle tentative, nouvelles coordonnées ou retour.",
        "Choose: another attempt, new details or the return.",
        "اختر: محاولة جديدة، أو معلومات جديدة، أو الإرجاع.",
    ),
    (
        "Choisissez : un autre jour ou annuler.",
        "Choose: another day, or cancel.",
        "اختر: يومًا آخر أو الإلغاء.",
    ),
    (
        "Choisissez aujourd'hui ou un jour à venir.",
        "Choose today or a day to come.",
        "اختر اليوم أو يومًا قادمًا.",
    ),
    (
        "Dans les 14 jours au plus.",
        "Within 14 days at most.",
        "في غضون 14 يومًا على الأكثر.",
    ),
    (
        "De nouvelles coordonnées vont avec « update ».",
        "New details go with “update”.",
        "المعلومات الجديدة تكون مع « update ».",
    ),
    (
        "Indiquez la nouvelle adresse ou le nouveau téléphone.",
        "Give the new address or the new phone.",
        "أدخل العنوان الجديد أو الهاتف الجديد.",
    ),
    (
        "Les 4 derniers chiffres de votre téléphone.",
        "The last 4 digits of your phone.",
        "آخر 4 أرقام من هاتفك.",
    ),
    (
        "Un retour n'a pas de date.",
        "A return has no date.",
        "الإرجاع ليس له تاريخ.",
    ),
    // Cities, fees, merchant prices.
    (
        "Cette ville existe déjà.",
        "This city already exists.",
        "هذه المدينة موجودة من قبل.",
    ),
    (
        "{} est utilisée par {} : désactivez-la plutôt.",
        "{} is used by {}: deactivate it instead.",
        "المدينة {} مستعملة من طرف {}: عطِّلها بدلًا من ذلك.",
    ),
    (
        "Ce tarif est obligatoire.",
        "This fee is required.",
        "هذه التسعيرة إلزامية.",
    ),
    ("Choisissez un client.", "Choose a merchant.", "اختر تاجرًا."),
    ("Choisissez une ville.", "Choose a city.", "اختر مدينة."),
    (
        "Ce client a déjà un prix pour cette ville : modifiez-le.",
        "This merchant already has a price for this city: edit it.",
        "لهذا التاجر سعر لهذه المدينة من قبل: عدِّله.",
    ),
    // Shops and their RIB.
    (
        "L'adresse est obligatoire.",
        "The address is required.",
        "العنوان إلزامي.",
    ),
    (
        "RIB invalide : 24 chiffres dont la clé de contrôle.",
        "Invalid RIB: 24 digits including the check key.",
        "RIB غير صالح: 24 رقمًا بما فيها مفتاح المراقبة.",
    ),
    (
        "Le RIB d'une boutique ne peut pas être retiré : saisissez le nouveau RIB.",
        "A shop's RIB cannot be removed: enter the new RIB.",
        "لا يمكن حذف RIB المتجر: أدخل الـRIB الجديد.",
    ),
    (
        "Une autre demande de changement de RIB vient d'être faite pour cette boutique.",
        "Another RIB change request was just made for this shop.",
        "قُدِّم للتو طلب آخر لتغيير RIB هذا المتجر.",
    ),
    (
        "Le client a demandé un changement de RIB ({}) : approuvez ou refusez sa demande d'abord.",
        "The merchant asked for a RIB change ({}): approve or refuse the request first.",
        "طلب التاجر تغيير الـRIB ({}): وافق على طلبه أو ارفضه أولًا.",
    ),
    (
        "Cette demande de changement de RIB est déjà approuvée.",
        "This RIB change request is already approved.",
        "تمت الموافقة على طلب تغيير الـRIB هذا من قبل.",
    ),
    (
        "Cette demande de changement de RIB est déjà refusée.",
        "This RIB change request is already refused.",
        "تم رفض طلب تغيير الـRIB هذا من قبل.",
    ),
    (
        "Cette demande de changement de RIB est déjà remplacée par une nouvelle demande du client.",
        "This RIB change request is already replaced by a new request from the merchant.",
        "تم تعويض طلب تغيير الـRIB هذا من قبل بطلب جديد من التاجر.",
    ),
    (
        "Indiquez approved ou refused.",
        "Give approved or refused.",
        "حدِّد approved أو refused.",
    ),
    (
        "Aucune attestation de RIB jointe : demandez-la au client avant d'approuver.",
        "No RIB certificate attached: ask the merchant for it before approving.",
        "لم تُرفق أي شهادة RIB: اطلبها من التاجر قبل المصادقة.",
    ),
    (
        "Indiquez au client pourquoi son RIB est refusé.",
        "Tell the merchant why the RIB is refused.",
        "أخبر التاجر بسبب رفض الـRIB الخاص به.",
    ),
    (
        "Statut inconnu : pending, approved, refused ou replaced.",
        "Unknown status: pending, approved, refused or replaced.",
        "حالة غير معروفة: pending أو approved أو refused أو replaced.",
    ),
    // The company's identity.
    (
        "La raison sociale est obligatoire (150 caractères au plus).",
        "The company name is required (150 characters at most).",
        "الاسم التجاري إلزامي (150 حرفًا كحد أقصى).",
    ),
    (
        "L'adresse est obligatoire (300 caractères au plus).",
        "The address is required (300 characters at most).",
        "العنوان إلزامي (300 حرف كحد أقصى).",
    ),
    (
        "L'identifiant fiscal (IF) est obligatoire (1 à 15 chiffres).",
        "The tax identifier (IF) is required (1 to 15 digits).",
        "المعرف الضريبي (IF) إلزامي (من 1 إلى 15 رقمًا).",
    ),
    (
        "Le registre du commerce (RC) est obligatoire (1 à 15 chiffres).",
        "The trade register number (RC) is required (1 to 15 digits).",
        "رقم السجل التجاري (RC) إلزامي (من 1 إلى 15 رقمًا).",
    ),
    (
        "L'identifiant fiscal (IF) compte de 1 à 15 chiffres.",
        "The tax identifier (IF) has 1 to 15 digits.",
        "يتكون المعرف الضريبي (IF) من 1 إلى 15 رقمًا.",
    ),
    (
        "Le registre du commerce (RC) compte de 1 à 15 chiffres.",
        "The trade register number (RC) has 1 to 15 digits.",
        "يتكون رقم السجل التجاري (RC) من 1 إلى 15 رقمًا.",
    ),
    (
        "La patente compte de 1 à 15 chiffres.",
        "The business tax number (patente) has 1 to 15 digits.",
        "يتكون رقم الضريبة المهنية (patente) من 1 إلى 15 رقمًا.",
    ),
    (
        "Le numéro CNSS compte de 1 à 15 chiffres.",
        "The CNSS number has 1 to 15 digits.",
        "يتكون رقم CNSS من 1 إلى 15 رقمًا.",
    ),
    // The parcel form.
    (
        "Choisissez une de vos boutiques.",
        "Choose one of your shops.",
        "اختر أحد متاجرك.",
    ),
    (
        "Le nom du destinataire est obligatoire.",
        "The recipient's name is required.",
        "اسم المستلم إلزامي.",
    ),
    (
        "Décrivez le produit (255 caractères au plus).",
        "Describe the product (255 characters at most).",
        "صِف المنتج (255 حرفًا كحد أقصى).",
    ),
    (
        "Le montant à encaisser va de 0 à 100 000 DH.",
        "The amount to collect is from 0 to 100,000 DH.",
        "المبلغ المطلوب تحصيله من 0 إلى 100 000 درهم.",
    ),
    (
        "La quantité va de 1 à 10 000.",
        "The quantity is from 1 to 10,000.",
        "الكمية من 1 إلى 10 000.",
    ),
    (
        "Type inconnu : standard, exchange ou refund.",
        "Unknown type: standard, exchange or refund.",
        "نوع غير معروف: standard أو exchange أو refund.",
    ),
    (
        "Indiquez l'article que le livreur doit récupérer.",
        "Say which item the delivery person must take back.",
        "حدِّد السلعة التي يجب على عامل التوصيل استرجاعها.",
    ),
    (
        "Le colis d'origine n'a pas été livré.",
        "The original parcel was not delivered.",
        "الطرد الأصلي لم يُسلَّم.",
    ),
    (
        "Colis d'origine introuvable.",
        "Original parcel not found.",
        "الطرد الأصلي غير موجود.",
    ),
    (
        "Cette référence existe déjà pour cette boutique.",
        "This reference already exists for this shop.",
        "هذا المرجع موجود من قبل لهذا المتجر.",
    ),
    (
        "Les lignes de stock ne changent pas après la création.",
        "Stock lines do not change after creation.",
        "لا تتغير أسطر المخزون بعد الإنشاء.",
    ),
    (
        "Seul un nouveau colis peut être modifié ; celui-ci est « {} ».",
        "Only a new parcel can be edited; this one is “{}”.",
        "لا يُعدَّل إلا طرد جديد؛ وهذا الطرد في حالة « {} ».",
    ),
    (
        "Seul un nouveau colis peut être supprimé ; celui-ci est « {} ».",
        "Only a new parcel can be deleted; this one is “{}”.",
        "لا يُحذف إلا طرد جديد؛ وهذا الطرد في حالة « {} ».",
    ),
    (
        "Le colis a changé entre-temps : rechargez la page et réessayez.",
        "The parcel changed in the meantime: reload the page and try again.",
        "تغيَّر الطرد في الأثناء: أعد تحميل الصفحة وحاول مجددًا.",
    ),
    (
        "Un échange ou un remboursement renvoie à ce colis.",
        "An exchange or a refund refers to this parcel.",
        "يحيل تبادل أو استرداد إلى هذا الطرد.",
    ),
    // The import of a file of parcels.
    (
        "« {} » : la quantité n'est pas un nombre.",
        "“{}”: the quantity is not a number.",
        "« {} »: الكمية ليست عددًا.",
    ),
    (
        "« {} » : écrivez SKU:quantité.",
        "“{}”: write SKU:quantity.",
        "« {} »: اكتب SKU:الكمية.",
    ),
    (
        "« {} » n'est pas un montant.",
        "“{}” is not an amount.",
        "« {} » ليس مبلغًا.",
    ),
    (
        "Répondez oui ou non.",
        "Answer oui (yes) or non (no).",
        "أجب بـoui (نعم) أو non (لا).",
    ),
    (
        "Référence en double dans le fichier.",
        "This reference appears twice in the file.",
        "هذا المرجع مكرر في الملف.",
    ),
    (
        "Colonnes manquantes : {}. Partez du modèle à télécharger.",
        "Missing columns: {}. Start from the template to download.",
        "أعمدة ناقصة: {}. انطلق من النموذج القابل للتنزيل.",
    ),
    (
        "Le fichier ne contient aucune ligne de colis.",
        "The file has no parcel row.",
        "لا يحتوي الملف على أي سطر طرد.",
    ),
    (
        "{} ligne(s) à corriger : aucun colis n'a été créé.",
        "{} row(s) to correct: no parcel was created.",
        "عدد الأسطر التي يجب تصحيحها: {}. لم يُنشأ أي طرد.",
    ),
    // Labels and lists.
    ("Format : a6 ou a4.", "Format: a6 or a4.", "الصيغة: a6 أو a4."),
    (
        "Choisissez de 1 à {} colis.",
        "Choose 1 to {} parcels.",
        "اختر من 1 إلى {} طرد.",
    ),
    (
        "Curseur invalide : rechargez la liste.",
        "Invalid cursor: reload the list.",
        "مؤشر غير صالح: أعد تحميل القائمة.",
    ),
    // Status moves.
    (
        "Le colis est déjà « {} ».",
        "The parcel is already “{}”.",
        "الطرد في حالة « {} » من قبل.",
    ),
    (
        "Passage de « {} » à « {} » impossible.",
        "Moving from “{}” to “{}” is not possible.",
        "لا يمكن الانتقال من « {} » إلى « {} ».",
    ),
    (
        "{} Un administrateur peut forcer ce passage avec un commentaire.",
        "{} An administrator can force this move with a comment.",
        "{} يمكن للمسؤول فرض هذا الانتقال مع تعليق.",
    ),
    (
        "Un colis « {} » ne peut plus être annulé par le marchand : contactez le support.",
        "A “{}” parcel can no longer be cancelled by the merchant: contact support.",
        "لم يعد بإمكان التاجر إلغاء طرد في حالة « {} »: اتصل بالدعم.",
    ),
    ("Indiquez la date.", "Give the date.", "حدِّد التاريخ."),
    ("Indiquez la raison.", "Give the reason.", "اذكر السبب."),
    (
        "Une preuve accompagne seulement « Livré ».",
        "A proof only goes with “Delivered”.",
        "لا يُرفق الإثبات إلا مع « تم التسليم ».",
    ),
    (
        "La date ne peut pas être passée.",
        "The date cannot be in the past.",
        "لا يمكن أن يكون التاريخ في الماضي.",
    ),
    (
        "L'adresse d'un colis « {} » ne peut plus changer.",
        "The address of a “{}” parcel can no longer change.",
        "لم يعد بالإمكان تغيير عنوان طرد في حالة « {} ».",
    ),
    (
        "Aucun changement d'adresse à confirmer.",
        "No address change to confirm.",
        "لا يوجد أي تغيير في العنوان لتأكيده.",
    ),
    ("Choisissez des colis.", "Choose parcels.", "اختر طرودًا."),
    (
        "{} est « {} » : seul un colis en distribution change de livreur.",
        "{} is “{}”: only a parcel out for delivery changes delivery person.",
        "الطرد {} في حالة « {} »: لا يتغير عامل التوصيل إلا لطرد قيد التوزيع.",
    ),
    (
        "{} est déjà confié à ce livreur.",
        "{} is already with this delivery person.",
        "الطرد {} مسند من قبل إلى عامل التوصيل هذا.",
    ),
    (
        "{} figure sur une facture client : retirez-le du brouillon avant de changer son statut.",
        "{} is on a client invoice: take it off the draft before changing its status.",
        "الطرد {} مدرج في فاتورة تاجر: اسحبه من المسودة قبل تغيير حالته.",
    ),
    (
        "{} figure sur une facture livreur : retirez-le du brouillon avant de changer son résultat.",
        "{} is on a delivery invoice: take it off the draft before changing its outcome.",
        "الطرد {} مدرج في فاتورة عامل توصيل: اسحبه من المسودة قبل تغيير نتيجته.",
    ),
    // Undoing a move.
    (
        "Aucun changement de statut à annuler.",
        "No status change to undo.",
        "لا يوجد أي تغيير في الحالة لإلغائه.",
    ),
    (
        "Seul l'auteur du changement « {} » peut l'annuler.",
        "Only the author of the change “{}” can undo it.",
        "وحده صاحب التغيير « {} » يمكنه إلغاؤه.",
    ),
    (
        "Trop tard : « {} » ne s'annule que dans les {} minutes qui suivent. Enregistrez le bon statut à la place.",
        "Too late: “{}” can only be undone within {} minutes. Record the right status instead.",
        "فات الأوان: لا يُلغى « {} » إلا خلال مدة {} دقيقة. سجِّل الحالة الصحيحة بدلًا من ذلك.",
    ),
    (
        "Un colis ne revient pas à « {} » par une annulation : un administrateur peut forcer ce statut.",
        "A parcel does not go back to “{}” by an undo: an administrator can force this status.",
        "لا يعود الطرد إلى « {} » بالإلغاء: يمكن للمسؤول فرض هذه الحالة.",
    ),
    // Proofs of delivery.
    ("La signature : {}", "Signature: {}", "التوقيع: {}"),
    ("La photo : {}", "Photo: {}", "الصورة: {}"),
    (
        "un contenu en base64 est attendu.",
        "base64 content is expected.",
        "يجب أن يكون المحتوى بترميز base64.",
    ),
    ("{} Ko au plus.", "{} KB at most.", "{} كيلوبايت كحد أقصى."),
    (
        "une image JPEG, PNG ou WebP est attendue.",
        "a JPEG, PNG or WebP image is expected.",
        "يجب أن تكون صورة بصيغة JPEG أو PNG أو WebP.",
    ),
    (
        "image JPEG illisible.",
        "unreadable JPEG image.",
        "صورة JPEG غير مقروءة.",
    ),
    (
        "Une latitude de −90 à 90 degrés.",
        "A latitude from −90 to 90 degrees.",
        "خط عرض من −90 إلى 90 درجة.",
    ),
    (
        "Une longitude de −180 à 180 degrés.",
        "A longitude from −180 to 180 degrees.",
        "خط طول من −180 إلى 180 درجة.",
    ),
    (
        "Une précision de 0 à 100 000 m.",
        "An accuracy from 0 to 100,000 m.",
        "دقة من 0 إلى 100 000 متر.",
    ),
    (
        "L'heure doit être passée, de 7 jours au plus.",
        "The time must be in the past, 7 days ago at most.",
        "يجب أن يكون الوقت في الماضي، قبل 7 أيام على الأكثر.",
    ),
    (
        "Joignez une signature ou une photo.",
        "Attach a signature or a photo.",
        "أرفق توقيعًا أو صورة.",
    ),
    (
        "Ce client demande la signature du destinataire.",
        "This merchant requires the recipient's signature.",
        "يطلب هذا التاجر توقيع المستلم.",
    ),
    (
        "Ce client demande une photo de la remise.",
        "This merchant requires a photo of the handover.",
        "يطلب هذا التاجر صورة للتسليم.",
    ),
];

/// What a city is used by, counted in its refusal to be deleted ("3 colis, 1 boutique(s)").
pub const LABELS: &[Entry] = &[
    ("colis", "parcel(s)", "طرد"),
    ("boutique(s)", "shop(s)", "متجر"),
    ("tarif(s) client", "merchant price(s)", "سعر تاجر"),
    ("livreur(s)", "delivery person(s)", "عامل توصيل"),
    (
        "Ce changement de RIB est déjà décidé.",
        "This RIB change is already decided.",
        "تم البت في تغيير RIB هذا من قبل.",
    ),
    (
        "Ce colis n'est plus dans votre tournée.",
        "This parcel is no longer in your round.",
        "لم يعد هذا الطرد ضمن جولتك.",
    ),
    (
        "Ce résultat est déjà réglé.",
        "This outcome is already settled.",
        "تمت تسوية هذه النتيجة من قبل.",
    ),
    (
        "Choisissez apply, cash_returned ou dismiss.",
        "Choose apply, cash_returned or dismiss.",
        "اختر apply أو cash_returned أو dismiss.",
    ),
    (
        "Date et heure au format RFC 3339 attendues (2026-12-01T14:05:00+01:00).",
        "A date and time in RFC 3339 format is expected (2026-12-01T14:05:00+01:00).",
        "يُنتظر تاريخ ووقت بصيغة RFC 3339 (2026-12-01T14:05:00+01:00).",
    ),
    (
        "Indiquez pourquoi ce résultat est écarté.",
        "Say why this outcome is dismissed.",
        "اذكر سبب استبعاد هذه النتيجة.",
    ),
    (
        "L'attestation est un PDF, un JPEG ou un PNG.",
        "The certificate is a PDF, a JPEG or a PNG.",
        "يجب أن تكون الشهادة ملف PDF أو JPEG أو PNG.",
    ),
    (
        "L'attestation fait 2 Mo au plus.",
        "The certificate is 2 MB at most.",
        "لا يتجاوز حجم الشهادة 2 ميغابايت.",
    ),
    (
        "Le taux de TVA est un pourcentage de 0 à 100.",
        "The VAT rate is a percentage from 0 to 100.",
        "سعر الضريبة على القيمة المضافة نسبة مئوية من 0 إلى 100.",
    ),
    (
        "Sans TVA, une facture doit citer son exonération : indiquez la mention légale.",
        "Without VAT, an invoice must cite its exemption: give the legal mention.",
        "بدون ضريبة على القيمة المضافة، يجب أن تذكر الفاتورة إعفاءها: أدخل الإشارة القانونية.",
    ),
    (
        "La mention d'exonération compte {} caractères au plus.",
        "The exemption mention has {} characters at most.",
        "تتكون إشارة الإعفاء من {} حرف كحد أقصى.",
    ),
    (
        "L'heure d'enregistrement est dans le futur : vérifiez l'heure du téléphone.",
        "The recording time is in the future: check the phone's clock.",
        "وقت التسجيل في المستقبل: تحقق من ساعة الهاتف.",
    ),
    (
        "Résultat enregistré il y a plus de 72 heures : signalez-le au bureau.",
        "Outcome recorded more than 72 hours ago: report it to the office.",
        "نتيجة سُجلت قبل أكثر من 72 ساعة: أبلغ المكتب بها.",
    ),
    (
        "L'heure d'enregistrement précède la dernière étape du colis (sa sortie en livraison).",
        "The recording time is before the parcel's last step (its leaving for delivery).",
        "وقت التسجيل يسبق آخر مرحلة للطرد (خروجه للتوصيل).",
    ),
    // Attempts that can be checked: the round's calls.
    (
        "Appel de plus de 72 heures.",
        "A call more than 72 hours old.",
        "مكالمة أقدم من 72 ساعة.",
    ),
    (
        "Appelez le destinataire depuis la tournée avant d'enregistrer cet échec, ou dites pourquoi vous n'avez pas pu.",
        "Call the recipient from your round before recording this failed attempt, or say why you could not.",
        "اتصل بالمستلم من الجولة قبل تسجيل هذه المحاولة الفاشلة، أو اذكر سبب تعذّر ذلك.",
    ),
    (
        "Indiquez l'heure de l'appel.",
        "Give the time of the call.",
        "حدّد وقت المكالمة.",
    ),
    (
        "L'heure de l'appel est dans le futur : vérifiez l'heure du téléphone.",
        "The call's time is in the future: check the phone's clock.",
        "وقت المكالمة في المستقبل: تحقّق من ساعة الهاتف.",
    ),
    (
        "Une durée de 0 à 7 200 secondes.",
        "A duration from 0 to 7,200 seconds.",
        "مدة من 0 إلى 7200 ثانية.",
    ),
];
