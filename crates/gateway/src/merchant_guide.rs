//! The built-in « API marchand » guide, written at start-up from the live OpenAPI document and
//! the route table: one section per operation a merchant's personal token may call, with a
//! curl example and an example body built from the request schema. It cannot drift from the API.

use colivra_core::Role;
use serde_json::{json, Map, Value};

use crate::access::Access;
use crate::routes::table;
use crate::state::GuideTemplate;

/// True when a merchant's personal token may call an operation with this access.
fn merchant_may_call(access: Access) -> bool {
    match access {
        Access::Active { roles, .. } => roles.contains(&Role::Merchant),
        // Public calls need no token; browser-session-only calls refuse tokens.
        Access::Public | Access::SignedIn | Access::SessionOnly(_) => false,
    }
}

fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap_or_default();
            &document["components"]["schemas"][name]
        }
        None => schema,
    }
}

/// The first type of a schema that is not `null`.
fn type_of(schema: &Value) -> Option<&str> {
    match &schema["type"] {
        Value::String(kind) => Some(kind.as_str()),
        Value::Array(kinds) => kinds
            .iter()
            .filter_map(Value::as_str)
            .find(|kind| *kind != "null"),
        _ => None,
    }
}

/// An example value of `schema` for the field `name`.
fn example(document: &Value, name: &str, schema: &Value, depth: usize) -> Value {
    let schema = resolve(document, schema);
    if let Some(first) = schema["enum"]
        .as_array()
        .and_then(|values| values.iter().find(|v| !v.is_null()).cloned())
    {
        return first;
    }
    if let Some(any) = schema["oneOf"]
        .as_array()
        .or_else(|| schema["anyOf"].as_array())
    {
        if let Some(first) = any.iter().find(|s| type_of(s) != Some("null")) {
            return example(document, name, first, depth);
        }
    }
    if let Some(given) = schema
        .get("example")
        .or_else(|| schema["examples"].as_array().and_then(|all| all.first()))
    {
        return given.clone();
    }
    if let Some(value) = typical(name, type_of(schema)) {
        return value;
    }
    match type_of(schema) {
        Some("integer") | Some("number") => {
            json!(schema["minimum"].as_i64().unwrap_or(0).max(1))
        }
        Some("boolean") => json!(false),
        Some("array") => {
            if depth > 3 {
                return json!([]);
            }
            json!([example(document, name, &schema["items"], depth + 1)])
        }
        Some("object") => object_example(document, schema, depth + 1),
        _ => {
            let text = if schema["format"] == "date" {
                "2026-12-31".to_owned()
            } else if name.contains("phone") {
                "0612345678".to_owned()
            } else if name.contains("email") {
                "contact@exemple.ma".to_owned()
            } else {
                name.to_owned()
            };
            json!(text)
        }
    }
}

/// What a merchant would really send for the fields every example has, so a copied example
/// reads like a parcel and not like a schema; keys say where they come from.
fn typical(name: &str, kind: Option<&str>) -> Option<Value> {
    let text = match (name, kind) {
        ("cod_amount", Some("integer")) => return Some(json!(24_900)),
        ("quantity", Some("integer")) => return Some(json!(1)),
        (_, Some("string")) | (_, None) => match name {
            "city" => "Casablanca",
            "address" => "12 rue des Orangers, Maarif",
            "recipient_name" => "Amina Benali",
            "product" => "Robe d'été taille M",
            "reference" => "CMD-1001",
            "sku" => "ROBE-ETE-M",
            "shop" => "CLE_DE_LA_BOUTIQUE (GET /api/shops)",
            "inventory" => "CLE_DU_PRODUIT (GET /api/inventories)",
            "parcel" | "original_parcel" => "CODE_DU_COLIS (GET /api/parcels)",
            _ => return None,
        },
        _ => return None,
    };
    Some(json!(text))
}

fn object_example(document: &Value, schema: &Value, depth: usize) -> Value {
    let mut body = Map::new();
    if depth > 3 {
        return Value::Object(body);
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            body.insert(name.clone(), example(document, name, property, depth));
        }
    }
    Value::Object(body)
}

/// The guide, written once at start-up: its examples name the server's address by the slot
/// [`GuideTemplate::BASE_URL`], filled at each request with the address the caller reached.
pub fn template() -> GuideTemplate {
    GuideTemplate::new(markdown(GuideTemplate::BASE_URL))
}

/// The guide's Markdown for a server reached at `base_url`.
pub fn markdown(base_url: &str) -> String {
    let document = serde_json::to_value(crate::openapi::document()).unwrap_or(Value::Null);
    let mut out = String::new();
    out.push_str("# API marchand\n\n");
    out.push_str(
        "Votre boutique en ligne ou votre logiciel peut créer et suivre vos colis sans passer par \
         l'écran : chaque appel ci-dessous est décrit depuis la définition de l'API que ce serveur \
         sert en ce moment même ([`/api/openapi.json`](/api/openapi.json), consultable aussi sur \
         [`/api/docs`](/api/docs)).\n\n",
    );
    out.push_str("## 1. Créer un jeton personnel\n\n");
    out.push_str(
        "Ouvrez l'écran **Profil** (menu de votre compte), rubrique **Jetons d'accès**, et créez un \
         jeton : donnez-lui un nom, ses droits (`read` pour les lectures, `write` pour les \
         modifications) et, si vous le souhaitez, une date d'expiration (90 jours par défaut, un \
         an au plus). L'écran appelle `POST /api/tokens` ; le jeton n'est affiché qu'une fois : \
         copiez-le et gardez-le secret. Vous pouvez le révoquer à tout moment depuis le même \
         écran.\n\n",
    );
    out.push_str("## 2. Appeler l'API avec le jeton\n\n");
    out.push_str(
        "Chaque requête porte l'en-tête `Authorization: Bearer <jeton>`. Les corps sont en JSON, \
         les montants en centimes (249,00 DH s'écrit `24900`), les dates au format `AAAA-MM-JJ`. \
         Une erreur de saisie répond 422 avec le message de chaque champ dans `errors`, un objet \
         qui n'est pas à vous 404, un droit manquant 403.\n\n",
    );
    out.push_str("```sh\n");
    out.push_str(&format!("export BASE_URL=\"{base_url}\"\n"));
    out.push_str("export TOKEN=\"votre-jeton\"\n```\n\n");
    out.push_str("## 3. Les appels\n\n");
    for endpoint in table() {
        if !merchant_may_call(endpoint.access) {
            continue;
        }
        let method = endpoint.method.as_str();
        let operation = &document["paths"][endpoint.path][method.to_lowercase()];
        out.push_str(&format!("### {method} {}\n\n", endpoint.path));
        out.push_str(&format!("{}.\n\n", endpoint.summary.trim_end_matches('.')));
        out.push_str("```sh\n");
        out.push_str(&format!(
            "curl -X {method} \"$BASE_URL{}\" \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  -H \"Accept: application/json\"",
            endpoint.path
        ));
        let body_schema = &operation["requestBody"]["content"]["application/json"]["schema"];
        if !body_schema.is_null() {
            let body = object_example(&document, resolve(&document, body_schema), 0);
            let text = serde_json::to_string_pretty(&body)
                .unwrap_or_default()
                .replace('\'', "'\\''");
            out.push_str(&format!(
                " \\\n  -H \"Content-Type: application/json\" \\\n  -d '{text}'"
            ));
        } else if let Some(content) = operation["requestBody"]["content"].as_object() {
            if let Some(media_type) = content.keys().next() {
                out.push_str(&format!(
                    " \\\n  -H \"Content-Type: {media_type}\" \\\n  --data-binary @fichier"
                ));
            }
        }
        out.push_str("\n```\n\n");
    }
    out.push_str(&idempotency_chapter());
    out.push_str(&webhooks_chapter(&document));
    out
}

fn idempotency_chapter() -> String {
    let marked: Vec<String> = table()
        .into_iter()
        .filter(|endpoint| endpoint.idempotent && merchant_may_call(endpoint.access))
        .map(|endpoint| format!("`{} {}`", endpoint.method, endpoint.path))
        .collect();
    format!(
        "## 4. Renvoyer une requête sans risque\n\n\
         Sur {}, ajoutez l'en-tête `Idempotency-Key` (1 à 255 caractères visibles, par exemple le \
         numéro de commande de votre boutique). Si la réponse se perd (coupure réseau, délai \
         dépassé), renvoyez la même requête avec la même clé : vous recevez la première réponse \
         (en-tête `Idempotent-Replayed: true`) et rien n'est créé deux fois, pendant 7 jours. Le \
         contenu est comparé comme du JSON : l'ordre des champs et les espaces ne comptent pas. \
         La même clé avec un autre contenu répond 422 ; pendant que la première est encore \
         traitée, 409 (réessayez un instant plus tard). Une requête refusée avant d'avoir rien \
         changé (400, 401, 403, 404, 413, 415, 422 sur son contenu, 429, ou une erreur 5xx) ne \
         retient pas sa clé : corrigez le contenu et renvoyez-le sous la même clé.\n\n\
         ```sh\ncurl -X POST \"$BASE_URL/api/parcels\" \\\n  -H \"Authorization: Bearer $TOKEN\" \\\n  \
         -H \"Idempotency-Key: commande-1001\" \\\n  -H \"Content-Type: application/json\" \\\n  \
         -d @colis.json\n```\n\n",
        marked.join(", ")
    )
}

/// The webhooks chapter: the events and what their `data` holds, from the document's schemas.
fn webhooks_chapter(document: &Value) -> String {
    use colivra_db::outbox::{self, EVENT_TYPES};
    let mut out = String::from("## 5. Webhooks : Colivra prévient votre boutique\n\n");
    out.push_str(
        "Plutôt que d'interroger l'API, déclarez une adresse https de votre boutique (écran \
         **Profil**, rubrique **Webhooks**, ou `POST /api/webhooks`) et choisissez les événements. \
         Chaque événement arrive en `POST` JSON `{id, type, created_at, data}` avec les en-têtes \
         `Colivra-Event-Id` (le même à chaque nouvel envoi : ignorez un identifiant déjà traité), \
         `Colivra-Event` et `Colivra-Signature: t=<secondes>,v1=<signature>`. Répondez 2xx en moins \
         de 10 secondes ; sinon l'envoi est refait (30 s, puis deux fois plus long à chaque fois, \
         une heure au plus) pendant 24 heures, puis l'adresse est suspendue jusqu'à ce que vous la \
         réactiviez. Les événements d'un même colis arrivent dans l'ordre.\n\n",
    );
    out.push_str("| Événement | `data` |\n|---|---|\n");
    for event in EVENT_TYPES.iter().chain([&outbox::PING]) {
        let schema = match event.split('.').next() {
            Some("parcel") => "ParcelEventData",
            Some("invoice") => "InvoiceEventData",
            Some("ticket") => "TicketEventData",
            _ => "PingEventData",
        };
        // `recorded` is the outcome's own (described below the table).
        let fields: Vec<String> = document["components"]["schemas"][schema]["properties"]
            .as_object()
            .map(|properties| {
                properties
                    .keys()
                    .filter(|name| *name != "recorded" || *event == outbox::PARCEL_OUTCOME_RECORDED)
                    .map(|name| format!("`{name}`"))
                    .collect()
            })
            .unwrap_or_default();
        out.push_str(&format!("| `{event}` | {} |\n", fields.join(", ")));
    }
    let recorded: Vec<String> = document["components"]["schemas"]["RecordedOutcome"]["properties"]
        .as_object()
        .map(|properties| properties.keys().map(|name| format!("`{name}`")).collect())
        .unwrap_or_default();
    out.push_str(&format!(
        "\n`parcel.outcome_recorded` dit ce que le livreur a noté à la porte, quel qu'il soit \
         (livré, refusé, pas de réponse, reporté…), dans `data.recorded` : {}. `recorded_at` est \
         l'heure où il l'a noté (sur son téléphone, peut-être hors réseau), `received_at` celle où \
         le serveur l'a reçu.\n",
        recorded.join(", ")
    ));
    out.push_str(
        "\n#### Vérifier la signature\n\n\
         La signature est le HMAC-SHA256, en hexadécimal, de `<t>.<corps reçu tel quel>` avec le \
         secret affiché une seule fois à la création. Refusez un `t` vieux de plus de 5 minutes.\n\n\
         ```php\n<?php // WooCommerce, ou tout PHP\n$body = file_get_contents('php://input');\n\
         parse_str(str_replace(',', '&', $_SERVER['HTTP_COLIVRA_SIGNATURE'] ?? ''), $sig);\n\
         $expected = hash_hmac('sha256', $sig['t'] . '.' . $body, getenv('COLIVRA_WEBHOOK_SECRET'));\n\
         if (!hash_equals($expected, $sig['v1'] ?? '') || abs(time() - (int) $sig['t']) > 300) {\n\
         \x20   http_response_code(400);\n    exit;\n}\n$event = json_decode($body, true);\n```\n\n\
         ```js\n// Node.js (Express : express.raw({ type: 'application/json' }))\n\
         const crypto = require('node:crypto');\n\
         function verify(rawBody, header, secret) {\n\
         \x20 const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=')));\n\
         \x20 const expected = crypto.createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');\n\
         \x20 return Math.abs(Date.now() / 1000 - Number(t)) < 300 &&\n\
         \x20   crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(v1 ?? ''));\n}\n```\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_guide_names_real_paths_with_bearer_examples() {
        let text = markdown("https://colivra.example");
        assert!(text.contains("### POST /api/parcels\n"));
        assert!(text.contains("Authorization: Bearer $TOKEN"));
        assert!(text.contains("\"recipient_name\""));
        // Examples read like a real parcel, not like the schema's field names.
        assert!(text.contains("\"city\": \"Casablanca\""), "{text}");
        assert!(text.contains("\"cod_amount\": 24900"));
        // Browser-session-only and staff-only calls are not in it.
        assert!(!text.contains("### GET /api/tokens"));
        assert!(!text.contains("### POST /api/cities"));
    }

    #[test]
    fn the_guide_explains_idempotency_keys_and_every_webhook_event() {
        let text = markdown("https://colivra.example");
        assert!(text.contains("Idempotency-Key: commande-1001"));
        assert!(text.contains("ne retient pas sa clé"));
        assert!(
            text.contains("`data.recorded` : "),
            "the outcome's details are described"
        );
        assert!(text.contains("`postponed_to`") && text.contains("`has_proof`"));
        assert!(
            text.contains("`POST /api/parcels`"),
            "the marked calls are listed"
        );
        for event in [
            "parcel.created",
            "parcel.status_changed",
            "parcel.outcome_recorded",
            "invoice.validated",
            "invoice.paid",
            "ticket.answered",
            "ping",
        ] {
            assert!(text.contains(&format!("| `{event}` | `")), "{event}");
        }
        // The fields come from the document's schemas.
        assert!(text.contains("`cod_amount`") && text.contains("`payment_reference`"));
        assert!(text.contains("hash_hmac('sha256'"));
        assert!(text.contains("createHmac('sha256', secret)"));
    }
}
