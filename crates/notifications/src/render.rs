//! Renders a message from its template (templates/{language}/{kind}.txt): the subject, the text
//! and the label of the button each from a block, the HTML by laying the text's paragraphs into
//! templates/layout.html (escaped there), so the words are written once per language.

use std::sync::LazyLock;

use colivra_core::{AppError, AppResult, Language};
use minijinja::{Environment, Value};

use crate::kinds::Kind;

static TEMPLATES: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    // A variable a template names but the caller did not give is an error, not a blank.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    minijinja_embed::load_templates!(&mut env);
    env
});

/// An e-mail ready to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// `kind`'s e-mail in `language`, `context` holding its variables (`link`, when it has one,
/// becomes the HTML's button).
pub fn email(kind: Kind, language: Language, context: &serde_json::Value) -> AppResult<Rendered> {
    let name = format!("{}/{}.txt", language.as_str(), kind.as_str());
    let template = TEMPLATES.get_template(&name).map_err(AppError::internal)?;
    let context = Value::from_serialize(context);
    // The whole template rendered once, its blocks then read from the state.
    let mut captured = template
        .render_captured(&context)
        .map_err(AppError::internal)?;
    let mut block = |block: &str| {
        captured
            .with_state_mut(|state| state.render_block(block))
            .map(|text| text.trim().to_owned())
            .map_err(AppError::internal)
    };
    let subject = block("subject")?;
    let text = block("text")?;
    let action_label = block("action")?;
    let paragraphs: Vec<Vec<&str>> = text
        .split("\n\n")
        .map(|paragraph| paragraph.lines().map(str::trim).collect::<Vec<_>>())
        .filter(|lines| !lines.is_empty())
        .collect();
    let config = crate::config::get();
    let direction = if language == Language::Ar {
        "rtl"
    } else {
        "ltr"
    };
    let footer = footer(language, &config.company_name, kind.required())?;
    let html = TEMPLATES
        .get_template("layout.html")
        .and_then(|layout| {
            layout.render(minijinja::context! {
                language => language.as_str(),
                direction,
                company_name => config.company_name,
                subject => &subject,
                paragraphs,
                action_label => (!action_label.is_empty()).then_some(&action_label),
                link => context.get_attr("link").ok().filter(|link| !link.is_undefined()),
                footer,
            })
        })
        .map_err(AppError::internal)?;
    Ok(Rendered {
        subject,
        text,
        html,
    })
}

/// Why the reader got it, at the foot of the HTML (templates/{language}/_footer.txt).
fn footer(language: Language, company: &str, required: bool) -> AppResult<String> {
    TEMPLATES
        .get_template(&format!("{}/_footer.txt", language.as_str()))
        .and_then(|template| {
            template
                .render_captured(minijinja::context! { company_name => company })?
                .with_state_mut(|state| {
                    state.render_block(if required { "security" } else { "notice" })
                })
        })
        .map(|text| text.trim().to_owned())
        .map_err(AppError::internal)
}

/// `kind`'s SMS text in `language` (templates/{language}/sms/{kind}.txt, its block `text`).
pub fn sms(
    kind: crate::kinds::RecipientKind,
    language: Language,
    context: &serde_json::Value,
) -> AppResult<String> {
    TEMPLATES
        .get_template(&format!("{}/sms/{}.txt", language.as_str(), kind.as_str()))
        .and_then(|template| {
            template
                .render_captured(Value::from_serialize(context))?
                .with_state_mut(|state| state.render_block("text"))
        })
        .map(|text| text.trim().to_owned())
        .map_err(AppError::internal)
}
