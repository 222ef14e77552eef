//! The captions the documents print themselves, in each language (the callers translate what
//! they hand over: titles, column names, totals).

use colivra_core::Language;

/// Printed words of one language.
pub(crate) struct Words {
    pub page: &'static str,
    pub date: &'static str,
    pub no_rows: &'static str,
    pub labels_title: &'static str,
    pub recipient: &'static str,
    pub sender: &'static str,
    pub phone: &'static str,
    pub to_collect: &'static str,
    pub to_refund: &'static str,
    pub may_open: &'static str,
    pub do_not_open: &'static str,
    pub fragile: &'static str,
    pub product: &'static str,
    pub note: &'static str,
    pub exchange: &'static str,
    pub refund: &'static str,
}

const FR: Words = Words {
    page: "Page",
    date: "Date",
    no_rows: "Aucune ligne",
    labels_title: "Étiquettes",
    recipient: "DESTINATAIRE",
    sender: "EXPÉDITEUR",
    phone: "Tél",
    to_collect: "À ENCAISSER",
    to_refund: "À REMBOURSER",
    may_open: "Ouverture autorisée",
    do_not_open: "Ne pas ouvrir",
    fragile: "FRAGILE",
    product: "Produit",
    note: "Note",
    exchange: "ÉCHANGE",
    refund: "REMBOURSEMENT",
};

const EN: Words = Words {
    page: "Page",
    date: "Date",
    no_rows: "No rows",
    labels_title: "Labels",
    recipient: "RECIPIENT",
    sender: "SENDER",
    phone: "Tel",
    to_collect: "TO COLLECT",
    to_refund: "TO REFUND",
    may_open: "May be opened",
    do_not_open: "Do not open",
    fragile: "FRAGILE",
    product: "Product",
    note: "Note",
    exchange: "EXCHANGE",
    refund: "REFUND",
};

const AR: Words = Words {
    page: "صفحة",
    date: "التاريخ",
    no_rows: "لا توجد أسطر",
    labels_title: "ملصقات",
    recipient: "المستلم",
    sender: "المرسل",
    phone: "الهاتف",
    to_collect: "المبلغ المطلوب تحصيله",
    to_refund: "المبلغ المطلوب إرجاعه",
    may_open: "يسمح بالفتح",
    do_not_open: "ممنوع الفتح",
    fragile: "قابل للكسر",
    product: "المنتج",
    note: "ملاحظة",
    exchange: "استبدال",
    refund: "استرداد",
};

pub(crate) fn words(language: Language) -> &'static Words {
    language.pick(&FR, &EN, &AR)
}
