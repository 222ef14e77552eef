//! Every e-mail kind renders in every language from its template (the crate's one test program):
//! a subject, the greeting with the reader's name, the values given, the link in the text and as
//! the HTML's button, the HTML in the reader's language and direction, nothing left unrendered.
//! The expectations are the templates' words as a reader sees them, not the code's.

use colivra_core::Language;
use colivra_notifications::render::email;
use colivra_notifications::Kind;
use serde_json::json;

/// Every variable some template uses, with values a test can find again.
fn context(kind: Kind) -> serde_json::Value {
    json!({
        "first_name": "Nadia",
        "company_name": "Colivra",
        "app_url": "https://app.colivra.test",
        "language": "fr",
        "link": "https://app.colivra.test/compte/lien-unique",
        "minutes": 30,
        "days": 7,
        "inviter": "Youssef Benali",
        "team": "Atlas Mode",
        "invoice_code": "FC-2026-00042",
        "amount": "1 249,50 DH",
        "ticket_code": "TK-7731",
        "ticket_subject": "Colis en retard",
        "excerpt": "Votre colis part demain matin.",
        "shop_name": "Boutique Anfa",
        "old_account": "•••• 1234",
        "new_account": "•••• 5678",
        "approved": kind != Kind::BankAccountChangeDecided,
        "comment": "Attestation illisible",
    })
}

/// A value each kind's text must show (what the reader needs to act).
fn must_show(kind: Kind) -> &'static [&'static str] {
    match kind {
        Kind::PasswordReset => &["30"],
        Kind::StaffInvitation => &["Youssef Benali", "Atlas Mode", "7"],
        Kind::AccountActivated => &[],
        Kind::InvoiceValidated | Kind::InvoicePaid => &["FC-2026-00042", "1 249,50 DH"],
        Kind::TicketAnswered => &["TK-7731", "Votre colis part demain matin."],
        Kind::BankAccountChangeRequested => &["Boutique Anfa", "1234", "5678"],
        // Refused (approved: false above): the reason is given.
        Kind::BankAccountChangeDecided => &["Boutique Anfa", "5678", "Attestation illisible"],
        // A consent, not an e-mail.
        Kind::RecipientMessages => &[],
    }
}

#[test]
fn every_kind_renders_in_every_language() {
    for kind in Kind::ALL
        .into_iter()
        .filter(|kind| *kind != Kind::RecipientMessages)
    {
        for language in Language::ALL {
            let rendered = email(kind, language, &context(kind))
                .unwrap_or_else(|e| panic!("{kind:?} in {language:?}: {e}"));
            let what = format!("{kind:?} in {language:?}");
            assert!(!rendered.subject.is_empty(), "{what}: a subject");
            assert!(!rendered.subject.contains('\n'), "{what}: one line");
            assert!(rendered.text.contains("Nadia"), "{what}: greets the reader");
            assert!(
                rendered
                    .text
                    .contains("https://app.colivra.test/compte/lien-unique"),
                "{what}: the link in the text"
            );
            for value in must_show(kind) {
                assert!(
                    rendered.text.contains(value),
                    "{what}: shows {value}\n{}",
                    rendered.text
                );
            }
            for text in [&rendered.subject, &rendered.text, &rendered.html] {
                assert!(
                    !text.contains("{{") && !text.contains("{%"),
                    "{what}: unrendered"
                );
            }
            let direction = if language == Language::Ar {
                "rtl"
            } else {
                "ltr"
            };
            assert!(
                rendered
                    .html
                    .contains(&format!(r#"lang="{}""#, language.as_str()))
                    && rendered.html.contains(&format!(r#"dir="{direction}""#)),
                "{what}: the HTML's language and direction"
            );
            // The button leads to the link (minijinja escapes its slashes in HTML).
            assert!(
                rendered.html.contains("app.colivra.test") && rendered.html.contains("lien-unique"),
                "{what}: the button's link"
            );
        }
    }
}

#[test]
fn values_are_escaped_in_the_html_and_kept_as_written_in_the_text() {
    let mut values = context(Kind::TicketAnswered);
    values["excerpt"] = json!("<script>alert(1)</script> « l'heure »");
    let rendered = email(Kind::TicketAnswered, Language::Fr, &values).unwrap();
    assert!(rendered
        .text
        .contains("<script>alert(1)</script> « l'heure »"));
    assert!(!rendered.html.contains("<script>"));
    assert!(rendered.html.contains("&lt;script&gt;"));
}

#[test]
fn each_language_speaks_its_own_words() {
    let subjects: Vec<String> = Language::ALL
        .into_iter()
        .map(|language| {
            email(Kind::InvoicePaid, language, &context(Kind::InvoicePaid))
                .unwrap()
                .subject
        })
        .collect();
    assert_ne!(subjects[0], subjects[1], "French and English differ");
    assert!(
        subjects[2]
            .chars()
            .any(|c| ('\u{0600}'..='\u{06FF}').contains(&c)),
        "the Arabic subject is in Arabic script: {}",
        subjects[2]
    );
}
