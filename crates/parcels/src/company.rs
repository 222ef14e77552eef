//! The company's legal identity (raison sociale, address, ICE, IF, RC, and optionally patente
//! and CNSS), set by an admin and printed on every invoice and voucher, as a Moroccan invoice
//! must show it. Kept as one setting (JSON) so it is read and written whole.

use colivra_core::{AppResult, FieldErrors, Language, UserId};
use colivra_db::{immediate_transaction, DbConnection, MapDbErr};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The setting the identity is kept under.
const SETTING: &str = "company_identity";

/// The company's legal identity, as printed.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompanyIdentity {
    pub name: String,
    pub address: String,
    pub ice: String,
    #[serde(rename = "if")]
    pub if_number: String,
    pub rc: String,
    pub patente: Option<String>,
    pub cnss: Option<String>,
    /// Invoices print in French (Moroccan legal usage, the default) unless the company lets
    /// them follow the reader's language.
    #[serde(default)]
    pub invoices_in_reader_language: bool,
    /// The TVA rate on the company's services, in percent (identities saved before TVA had
    /// none: the default).
    #[serde(default = "default_tva_rate")]
    pub tva_rate: i64,
    /// The legal mention of an exemption: when set, invoices charge no TVA and print it.
    #[serde(default)]
    pub tva_exemption: Option<String>,
    /// Merchants may be paid for delivered parcels whose cash a delivery person still holds
    /// (an advance the company chooses to make); off: paid only from cash received.
    #[serde(default)]
    pub pay_before_cash_in: bool,
}

/// The standard Moroccan TVA rate, on services such as delivery.
pub const DEFAULT_TVA_RATE: i64 = 20;

/// The longest exemption mention.
pub const MAX_TVA_EXEMPTION: usize = 300;

fn default_tva_rate() -> i64 {
    DEFAULT_TVA_RATE
}

/// How the company's fees are taxed: a rate in percent, or an exemption (rate 0) with the
/// mention invoices print.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tax {
    pub rate: i64,
    pub exemption: Option<String>,
}

/// The company's TVA: its settings, or the standard rate until an admin sets them.
pub fn tax(conn: &mut DbConnection) -> AppResult<Tax> {
    Ok(match identity(conn)? {
        Some(identity) => Tax {
            rate: if identity.tva_exemption.is_some() {
                0
            } else {
                identity.tva_rate
            },
            exemption: identity.tva_exemption,
        },
        None => Tax {
            rate: DEFAULT_TVA_RATE,
            exemption: None,
        },
    })
}

impl CompanyIdentity {
    /// "ICE 001234567000089 · IF 12345678 · RC 123456 · Patente … · CNSS …": the identifiers a
    /// Moroccan invoice shows.
    pub fn identifiers(&self) -> String {
        let mut parts = vec![
            format!("ICE {}", self.ice),
            format!("IF {}", self.if_number),
            format!("RC {}", self.rc),
        ];
        if let Some(patente) = &self.patente {
            parts.push(format!("Patente {patente}"));
        }
        if let Some(cnss) = &self.cnss {
            parts.push(format!("CNSS {cnss}"));
        }
        parts.join(" · ")
    }

    /// The identity in the fields of a listing document: name and address and identifiers
    /// under it on the first page, name and identifiers in every page's footer.
    pub fn print_on(&self, document: &mut colivra_documents::ListingDocument) {
        document.company_name = self.name.clone();
        document.company_lines = vec![self.address.clone(), self.identifiers()];
        document.legal_mention = format!("{} · {}", self.name, self.identifiers());
    }
}

/// `GET /api/settings/company`: the identity, or empty fields and `configured: false` until an
/// admin sets it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompanyView {
    /// Whether an admin has set the identity (until then documents show the product's name only).
    pub configured: bool,
    /// Raison sociale.
    pub name: String,
    pub address: String,
    /// Identifiant commun de l'entreprise, 15 digits.
    pub ice: String,
    /// Identifiant fiscal.
    #[serde(rename = "if")]
    pub if_number: String,
    /// Registre du commerce.
    pub rc: String,
    /// Taxe professionnelle (patente).
    pub patente: Option<String>,
    pub cnss: Option<String>,
    /// Invoices print in the reader's language (French, English, Arabic) instead of French.
    pub invoices_in_reader_language: bool,
    /// TVA on the company's fees, in percent (20 until set).
    pub tva_rate: i64,
    /// The exemption's legal mention; when set, invoices charge no TVA.
    pub tva_exemption: Option<String>,
    /// Merchants are paid for delivered parcels before their cash is received (an advance);
    /// off by default: only from cash on a validated delivery invoice.
    pub pay_before_cash_in: bool,
}

impl Default for CompanyView {
    fn default() -> Self {
        CompanyView {
            configured: false,
            name: String::new(),
            address: String::new(),
            ice: String::new(),
            if_number: String::new(),
            rc: String::new(),
            patente: None,
            cnss: None,
            invoices_in_reader_language: false,
            tva_rate: DEFAULT_TVA_RATE,
            tva_exemption: None,
            pay_before_cash_in: false,
        }
    }
}

impl From<Option<CompanyIdentity>> for CompanyView {
    fn from(identity: Option<CompanyIdentity>) -> Self {
        match identity {
            Some(id) => CompanyView {
                configured: true,
                name: id.name,
                address: id.address,
                ice: id.ice,
                if_number: id.if_number,
                rc: id.rc,
                patente: id.patente,
                cnss: id.cnss,
                invoices_in_reader_language: id.invoices_in_reader_language,
                tva_rate: id.tva_rate,
                tva_exemption: id.tva_exemption,
                pay_before_cash_in: id.pay_before_cash_in,
            },
            None => CompanyView::default(),
        }
    }
}

/// `PUT /api/settings/company`: the whole identity.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
pub struct CompanyInput {
    /// Raison sociale, 1 to 150 characters.
    #[schema(required = true, min_length = 1, max_length = 150)]
    pub name: Option<String>,
    /// 1 to 300 characters (line breaks allowed).
    #[schema(required = true, min_length = 1, max_length = 300)]
    pub address: Option<String>,
    /// 15 digits (spaces allowed).
    #[schema(required = true, pattern = "^\\s*(\\d\\s*){15}$", max_length = 40)]
    pub ice: Option<String>,
    /// Identifiant fiscal: 1 to 15 digits.
    #[serde(rename = "if")]
    #[schema(required = true, pattern = "^\\s*(\\d\\s*){1,15}$", max_length = 40)]
    pub if_number: Option<String>,
    /// Registre du commerce: 1 to 15 digits.
    #[schema(required = true, pattern = "^\\s*(\\d\\s*){1,15}$", max_length = 40)]
    pub rc: Option<String>,
    /// Patente (taxe professionnelle): 1 to 15 digits; empty or absent for none.
    #[schema(pattern = "^\\s*(\\d\\s*){0,15}$", max_length = 40)]
    pub patente: Option<String>,
    /// CNSS affiliation number: 1 to 15 digits; empty or absent for none.
    #[schema(pattern = "^\\s*(\\d\\s*){0,15}$", max_length = 40)]
    pub cnss: Option<String>,
    /// Invoices in the reader's language instead of French (false when left out).
    pub invoices_in_reader_language: Option<bool>,
    /// TVA on the company's fees in percent, 0 to 100 (20 when left out); 0 needs an exemption.
    #[schema(minimum = 0, maximum = 100)]
    pub tva_rate: Option<i64>,
    /// The exemption's legal mention (at most 300 characters); empty or absent for none. When
    /// set, invoices charge no TVA and print it.
    #[schema(max_length = 300)]
    pub tva_exemption: Option<String>,
    /// Pay merchants for delivered parcels before their cash is received (false when left out).
    pub pay_before_cash_in: Option<bool>,
}

/// Longest identifier but the ICE (IF, RC, patente, CNSS are shorter in practice).
const MAX_NUMBER_DIGITS: usize = 15;

/// Digits of an identifier as typed (spaces dropped), or `Err` when it holds anything else or
/// more than [`MAX_NUMBER_DIGITS`] digits.
fn digits(raw: &str) -> Result<String, ()> {
    let digits: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if digits.len() <= MAX_NUMBER_DIGITS && digits.bytes().all(|b| b.is_ascii_digit()) {
        Ok(digits)
    } else {
        Err(())
    }
}

fn validate(input: &CompanyInput) -> AppResult<CompanyIdentity> {
    let mut errors = FieldErrors::new();
    let text = |value: &Option<String>| value.as_deref().unwrap_or_default().trim().to_owned();
    let name = text(&input.name);
    errors.check_text(
        "name",
        &name,
        150,
        "La raison sociale est obligatoire (150 caractères au plus).",
    );
    let address = text(&input.address);
    errors.check_text(
        "address",
        &address,
        300,
        "L'adresse est obligatoire (300 caractères au plus).",
    );
    let ice = match colivra_auth::legal::normalize_ice(&text(&input.ice)) {
        Ok(Some(ice)) => ice,
        _ => {
            errors.add("ice", colivra_auth::legal::ICE_MESSAGE);
            String::new()
        }
    };
    let mut number = |field: &str, value: &Option<String>, label: &str, required: bool| match digits(
        &text(value),
    ) {
        Ok(d) if d.is_empty() && required => {
            errors.add(field, format!("{label} est obligatoire (1 à 15 chiffres)."));
            None
        }
        Ok(d) if d.is_empty() => None,
        Ok(d) => Some(d),
        Err(()) => {
            errors.add(field, format!("{label} compte de 1 à 15 chiffres."));
            None
        }
    };
    let if_number = number("if", &input.if_number, "L'identifiant fiscal (IF)", true);
    let rc = number("rc", &input.rc, "Le registre du commerce (RC)", true);
    let patente = number("patente", &input.patente, "La patente", false);
    let cnss = number("cnss", &input.cnss, "Le numéro CNSS", false);
    let tva_rate = input.tva_rate.unwrap_or(DEFAULT_TVA_RATE);
    if !(0..=100).contains(&tva_rate) {
        errors.add("tva_rate", "Le taux de TVA est un pourcentage de 0 à 100.");
    }
    let tva_exemption = Some(text(&input.tva_exemption)).filter(|m| !m.is_empty());
    match &tva_exemption {
        Some(mention) if mention.chars().count() > MAX_TVA_EXEMPTION => {
            errors.add(
                "tva_exemption",
                format!("La mention d'exonération compte {MAX_TVA_EXEMPTION} caractères au plus."),
            );
        }
        None if tva_rate == 0 => {
            errors.add(
                "tva_exemption",
                "Sans TVA, une facture doit citer son exonération : indiquez la mention légale.",
            );
        }
        _ => {}
    }
    errors.into_result()?;
    Ok(CompanyIdentity {
        name,
        address,
        ice,
        if_number: if_number.unwrap_or_default(),
        rc: rc.unwrap_or_default(),
        patente,
        cnss,
        invoices_in_reader_language: input.invoices_in_reader_language.unwrap_or(false),
        tva_rate,
        tva_exemption,
        pay_before_cash_in: input.pay_before_cash_in.unwrap_or(false),
    })
}

/// The language an invoice prints in for a reader of `reader`: French unless the company
/// chose the reader's language (docs/decisions.md).
pub fn invoice_language(conn: &mut DbConnection, reader: Language) -> AppResult<Language> {
    Ok(match identity(conn)? {
        Some(identity) if identity.invoices_in_reader_language => reader,
        _ => Language::Fr,
    })
}

/// Whether merchants are paid before the cash of their delivered parcels is received.
pub fn pays_before_cash_in(conn: &mut DbConnection) -> AppResult<bool> {
    Ok(identity(conn)?.is_some_and(|identity| identity.pay_before_cash_in))
}

/// The identity set by an admin, if any.
pub fn identity(conn: &mut DbConnection) -> AppResult<Option<CompanyIdentity>> {
    let stored = colivra_db::settings::get(conn, SETTING).map_db_err()?;
    Ok(stored.and_then(|json| serde_json::from_str(&json).ok()))
}

/// Replaces the identity; the activity names each field that changed, old → new.
pub fn update(
    conn: &mut DbConnection,
    actor_id: UserId,
    input: &CompanyInput,
) -> AppResult<CompanyView> {
    let new = validate(input)?;
    let json = serde_json::to_value(&new).map_err(colivra_core::AppError::internal)?;
    immediate_transaction(conn, |conn| {
        colivra_db::settings::replace_recorded(
            conn,
            colivra_db::settings::RecordedChange {
                name: SETTING,
                new: &json,
                unset: Value::Object(Map::new()),
                actor_id,
                action: "settings.company_updated",
                subject_key: "company",
            },
        )
        .map_db_err()?;
        Ok(CompanyView::from(Some(new)))
    })
}

/// What documents print for the company: the identity an admin set, else only `fallback_name`
/// (the product's name) until he does.
pub fn print_identity(
    conn: &mut DbConnection,
    fallback_name: &str,
    document: &mut colivra_documents::ListingDocument,
) -> AppResult<()> {
    match identity(conn)? {
        Some(identity) => identity.print_on(document),
        None => document.company_name = fallback_name.to_owned(),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> CompanyInput {
        CompanyInput {
            name: Some(" Colivra SARL ".into()),
            address: Some("12 rue des Entrepreneurs, Casablanca".into()),
            ice: Some("001 234 567 000 089".into()),
            if_number: Some("12345678".into()),
            rc: Some("123456".into()),
            patente: Some("".into()),
            cnss: None,
            invoices_in_reader_language: Some(true),
            tva_rate: None,
            tva_exemption: None,
            pay_before_cash_in: None,
        }
    }

    #[test]
    fn a_valid_identity_is_cleaned() {
        let identity = validate(&input()).unwrap();
        assert_eq!(identity.name, "Colivra SARL");
        assert_eq!(identity.ice, "001234567000089");
        assert_eq!(identity.patente, None);
        assert_eq!(
            identity.identifiers(),
            "ICE 001234567000089 · IF 12345678 · RC 123456"
        );
    }

    #[test]
    fn each_wrong_field_is_named() {
        let wrong = CompanyInput {
            name: Some(" ".into()),
            address: None,
            ice: Some("12345".into()),
            if_number: Some("12A".into()),
            rc: Some("".into()),
            patente: Some("1234567890123456".into()),
            cnss: Some("x".into()),
            invoices_in_reader_language: None,
            tva_rate: Some(101),
            tva_exemption: None,
            pay_before_cash_in: None,
        };
        let colivra_core::AppError::Validation(errors) = validate(&wrong).unwrap_err() else {
            panic!("a 422")
        };
        for field in [
            "name", "address", "ice", "if", "rc", "patente", "cnss", "tva_rate",
        ] {
            assert!(errors.contains(field), "{field}");
        }
    }

    #[test]
    fn tva_is_twenty_percent_unless_set_and_a_zero_rate_names_its_exemption() {
        assert_eq!(validate(&input()).unwrap().tva_rate, 20);
        let zero = CompanyInput {
            tva_rate: Some(0),
            tva_exemption: Some("  ".into()),
            ..input()
        };
        let colivra_core::AppError::Validation(errors) = validate(&zero).unwrap_err() else {
            panic!("a 422")
        };
        assert!(errors.contains("tva_exemption"));
        let exempt = validate(&CompanyInput {
            tva_exemption: Some(" Exonéré en vertu de l'article 91 du CGI ".into()),
            ..zero
        })
        .unwrap();
        assert_eq!(
            exempt.tva_exemption.as_deref(),
            Some("Exonéré en vertu de l'article 91 du CGI")
        );
        // An identity saved before TVA existed reads as the standard rate.
        let old: CompanyIdentity = serde_json::from_str(
            r#"{"name":"A","address":"B","ice":"001234567000089","if":"1","rc":"2","patente":null,"cnss":null}"#,
        )
        .unwrap();
        assert_eq!((old.tva_rate, old.tva_exemption), (20, None));
    }
}
