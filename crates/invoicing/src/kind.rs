//! The kinds and statuses of invoices, and the bounds every kind shares.

use colivra_core::{DeliveryPersonId, InvoiceId, Language, ShopId};
use colivra_db::schema::parcels;
use colivra_db::DbBackend;
use colivra_parcels::parcel::ParcelRow;
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::Bool;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Parcels one invoice may hold: a busy shop's fortnight, a large agency's week.
pub const MAX_PARCELS: usize = 10_000;

/// The three kinds: client invoices of delivered parcels (facture livrée) and of returned ones
/// (facture retour), and a delivery person's cash hand-over (facture livreur).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = InvoiceKind)]
pub enum Kind {
    Delivered,
    Returned,
    Delivery,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Delivered => "delivered",
            Kind::Returned => "returned",
            Kind::Delivery => "delivery",
        }
    }

    /// A client invoice type (`delivered` or `returned`) as the API names it.
    pub fn merchant_type(value: &str) -> Option<Kind> {
        match value.trim() {
            "delivered" => Some(Kind::Delivered),
            "returned" => Some(Kind::Returned),
            _ => None,
        }
    }

    pub fn parse(value: &str) -> Option<Kind> {
        Kind::merchant_type(value).or((value == "delivery").then_some(Kind::Delivery))
    }

    pub fn is_merchant(self) -> bool {
        self != Kind::Delivery
    }

    /// The number prefix: Facture Client, Facture Livreur (one sequence each per year).
    pub fn number_prefix(self) -> &'static str {
        if self.is_merchant() {
            "FC"
        } else {
            "FL"
        }
    }

    /// The printed title.
    pub fn title(self) -> &'static str {
        self.title_in(Language::Fr)
    }

    /// Its printed title in `language`.
    pub fn title_in(self, language: Language) -> &'static str {
        match self {
            Kind::Delivered => language.pick(
                "Facture client - colis livrés",
                "Merchant invoice - delivered parcels",
                "فاتورة التاجر - الطرود المسلَّمة",
            ),
            Kind::Returned => language.pick(
                "Facture client - colis retournés",
                "Merchant invoice - returned parcels",
                "فاتورة التاجر - الطرود المرتجعة",
            ),
            Kind::Delivery => {
                language.pick("Facture livreur", "Delivery invoice", "فاتورة عامل التوصيل")
            }
        }
    }

    /// The subject of its activities (`client_invoice.created`…).
    pub fn subject(self) -> &'static str {
        if self.is_merchant() {
            "client_invoice"
        } else {
            "delivery_invoice"
        }
    }

    /// Parcels that may go on an invoice of this kind, as literal SQL so the partial indexes of
    /// migration 6 serve it: delivered parcels whose cash the company has (client `delivered`;
    /// any delivered parcel when it pays before cash-in: `advance`), returned parcels (client
    /// `returned`), parcels whose round ended delivered or refused (delivery), on no invoice of
    /// the kind yet.
    pub(crate) fn eligible(self, advance: bool) -> Condition {
        Box::new(sql::<Bool>(self.eligible_sql(advance)))
    }

    /// [`Kind::eligible`] as its SQL text, for queries that join other tables to `parcels`.
    pub(crate) fn eligible_sql(self, advance: bool) -> &'static str {
        match self {
            Kind::Delivered if advance => "parcels.status = 'delivered' AND parcels.merchant_completed_invoice_id IS NULL",
            // Cash received: on a validated delivery invoice; or delivered with no delivery
            // person holding its cash (an admin's move at the hub).
            Kind::Delivered => "parcels.status = 'delivered' AND parcels.merchant_completed_invoice_id IS NULL \
                                AND (parcels.cash_received OR parcels.delivery_person_id IS NULL)",
            Kind::Returned => "parcels.status = 'returned' AND parcels.merchant_returned_invoice_id IS NULL",
            Kind::Delivery => "parcels.outcome IN ('delivered', 'refused') AND parcels.delivery_person_invoice_id IS NULL",
        }
    }

    /// The parcels on invoice `invoice_id` of this kind.
    pub(crate) fn on_invoice(self, invoice_id: InvoiceId) -> Condition {
        match self {
            Kind::Delivered => Box::new(
                parcels::merchant_completed_invoice_id
                    .eq(invoice_id)
                    .assume_not_null(),
            ),
            Kind::Returned => Box::new(
                parcels::merchant_returned_invoice_id
                    .eq(invoice_id)
                    .assume_not_null(),
            ),
            Kind::Delivery => Box::new(
                parcels::delivery_person_invoice_id
                    .eq(invoice_id)
                    .assume_not_null(),
            ),
        }
    }

    /// The parcel's invoice of this kind.
    pub fn invoice_of(self, parcel: &ParcelRow) -> Option<InvoiceId> {
        match self {
            Kind::Delivered => parcel.merchant_completed_invoice_id,
            Kind::Returned => parcel.merchant_returned_invoice_id,
            Kind::Delivery => parcel.delivery_person_invoice_id,
        }
    }
}

pub(crate) type Condition = Box<dyn BoxableExpression<parcels::table, DbBackend, SqlType = Bool>>;

/// Whose parcels an invoice takes: a shop's (client invoices) or a delivery person's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Owner {
    Shop(ShopId),
    DeliveryPerson(DeliveryPersonId),
}

impl Owner {
    /// The owner's parcels.
    pub(crate) fn parcels(self) -> Condition {
        match self {
            Owner::Shop(id) => Box::new(parcels::shop_id.eq(id)),
            Owner::DeliveryPerson(id) => {
                Box::new(parcels::delivery_person_id.eq(id).assume_not_null())
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum InvoiceStatus {
    Draft,
    Validated,
    Paid,
}

impl InvoiceStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            InvoiceStatus::Draft => "draft",
            InvoiceStatus::Validated => "validated",
            InvoiceStatus::Paid => "paid",
        }
    }

    pub fn parse(value: &str) -> Option<InvoiceStatus> {
        [
            InvoiceStatus::Draft,
            InvoiceStatus::Validated,
            InvoiceStatus::Paid,
        ]
        .into_iter()
        .find(|s| s.as_str() == value.trim())
    }

    pub fn label(self) -> &'static str {
        self.label_in(Language::Fr)
    }

    pub fn label_in(self, language: Language) -> &'static str {
        match self {
            InvoiceStatus::Draft => language.pick("Brouillon", "Draft", "مسودة"),
            InvoiceStatus::Validated => language.pick("Validée", "Validated", "مصادق عليها"),
            InvoiceStatus::Paid => language.pick("Payée", "Paid", "مؤداة"),
        }
    }
}

/// The two types of client invoice (the `type` a request names).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MerchantInvoiceType {
    /// Delivered parcels: the cash collected, less the fees, is paid to the merchant.
    Delivered,
    /// Returned parcels: the merchant owes the return and refusal fees.
    Returned,
}

/// The most cash one count may record: 1,000,000 DH, far above a round's takings.
pub const MAX_COUNTED_CENTIMES: i64 = 100_000_000;

/// How a client invoice was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PaymentMethod {
    /// A bank transfer (its reference).
    Transfer,
    /// A cheque (its number).
    Cheque,
    /// Cash at the counter (the receipt's number).
    Cash,
}

impl PaymentMethod {
    pub fn parse(value: &str) -> Option<PaymentMethod> {
        match value {
            "transfer" => Some(PaymentMethod::Transfer),
            "cheque" => Some(PaymentMethod::Cheque),
            "cash" => Some(PaymentMethod::Cash),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentMethod::Transfer => "transfer",
            PaymentMethod::Cheque => "cheque",
            PaymentMethod::Cash => "cash",
        }
    }

    /// How documents word a payment: « Virement n° VIR-12 », « Chèque n° 0012345 »,
    /// « Espèces, reçu n° 17 ».
    pub fn worded(self, reference: Option<&str>, language: colivra_core::Language) -> String {
        let reference = reference.map(str::trim).filter(|r| !r.is_empty());
        let (fr, en, ar) = match self {
            PaymentMethod::Transfer => ("Virement", "Bank transfer", "تحويل بنكي"),
            PaymentMethod::Cheque => ("Chèque", "Cheque", "شيك"),
            PaymentMethod::Cash => ("Espèces", "Cash", "نقدًا"),
        };
        let method = language.pick(fr, en, ar);
        match (self, reference) {
            (_, None) => method.to_owned(),
            (PaymentMethod::Cash, Some(r)) => format!(
                "{method}, {} {r}",
                language.pick("reçu n°", "receipt no.", "وصل رقم")
            ),
            (_, Some(r)) => format!("{method} {} {r}", language.pick("n°", "no.", "رقم")),
        }
    }
}
