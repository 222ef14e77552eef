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
}
