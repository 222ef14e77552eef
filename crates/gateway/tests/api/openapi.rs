//! The served OpenAPI document is valid OpenAPI 3.1 and states every operation's contract:
//! parameter schemas, required bodies, and the statuses each kind of operation can answer.

use crate::support::TestApp;
use colivra_gateway::access::Access;
use colivra_gateway::api::OperationDoc;
use colivra_gateway::routes::table;
use serde_json::Value;

const METHODS: &[&str] = &["get", "put", "post", "delete", "patch"];

/// Every operation of the document: (method, path, operation).
fn operations(document: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in document["paths"].as_object().expect("paths") {
        for method in METHODS {
            if let Some(operation) = item.get(*method) {
                found.push((method.to_string(), path.clone(), operation.clone()));
            }
        }
    }
    found
}

fn declares(operation: &Value, status: u16) -> bool {
    operation["responses"]
        .get(status.to_string())
        .is_some_and(|r| r.is_object())
}

/// Every `$ref` in `value` names a component of `document`.
fn check_refs(document: &Value, value: &Value, at: &str) {
    match value {
        Value::Object(map) => {
            for (key, inner) in map {
                if key == "$ref" {
                    let target = inner.as_str().expect("$ref is a string");
                    let name = target
                        .strip_prefix("#/components/schemas/")
                        .unwrap_or_else(|| panic!("{at}: $ref {target} is not a schema"));
                    assert!(
                        document["components"]["schemas"][name].is_object(),
                        "{at}: $ref {target} names no component"
                    );
                } else {
                    check_refs(document, inner, at);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| check_refs(document, v, at)),
        _ => {}
    }
}

#[actix_rt::test]
async fn the_served_document_is_openapi_3_1_with_a_full_contract_per_operation() {
    let app = TestApp::spawn().await;
    let response = app.client().get("/api/openapi.json").await;
    response.assert_status(200);
    let document = response.body;
    let version = document["openapi"].as_str().expect("openapi field");
    assert!(version.starts_with("3.1."), "openapi is {version}");
    assert!(document["info"]["title"].is_string());
    assert!(document["info"]["version"].is_string());

    // Components refer only to components.
    check_refs(&document, &document["components"], "components");

    let endpoints = table();
    let operations = operations(&document);
    assert_eq!(operations.len(), endpoints.len());
    for (method, path, operation) in &operations {
        let at = format!("{} {path}", method.to_uppercase());
        let endpoint = endpoints
            .iter()
            .find(|e| e.method.as_str().eq_ignore_ascii_case(method) && e.path == path)
            .unwrap_or_else(|| panic!("{at} is not in the route table"));
        check_refs(&document, operation, &at);

        // Parameters: every one has a schema; the path's are exactly its template's names.
        let parameters = operation["parameters"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        let mut path_names: Vec<&str> = Vec::new();
        for parameter in &parameters {
            let name = parameter["name"].as_str().expect("parameter name");
            assert!(
                parameter["schema"].is_object(),
                "{at}: parameter {name} has no schema"
            );
            match parameter["in"].as_str() {
                Some("path") => {
                    assert_eq!(parameter["required"], true, "{at}: {name} must be required");
                    path_names.push(name);
                }
                Some("query") => {}
                // The one header an operation reads: the idempotency key of the writes the
                // route table marks.
                Some("header") if name == "Idempotency-Key" => {}
                other => panic!("{at}: parameter {name} in {other:?}"),
            }
        }
        let template: Vec<&str> = path
            .split('/')
            .filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}')))
            .collect();
        assert_eq!(path_names, template, "{at}: path parameters");

        // A body, when there is one, is required, and answers 413 and 422 are declared.
        let body = &operation["requestBody"];
        if body.is_object() {
            assert_eq!(body["required"], true, "{at}: request body not required");
            assert!(
                !body["content"].as_object().expect("content").is_empty(),
                "{at}: body without content"
            );
            assert!(declares(operation, 413), "{at}: 413 not declared");
            assert!(declares(operation, 422), "{at}: 422 not declared");
        }

        // Statuses by kind of operation, each error with the error body.
        let mut described = OperationDoc::default();
        (endpoint.describe)(&mut described);
        let (success, _) = described.success.expect("a success answer");
        assert!(declares(operation, success), "{at}: {success} not declared");
        if endpoint.access != Access::Public {
            assert!(declares(operation, 401), "{at}: 401 not declared");
            assert!(
                operation["security"]
                    .as_array()
                    .is_some_and(|s| !s.is_empty()),
                "{at}: no security requirement"
            );
        }
        if matches!(endpoint.access, Access::Active { .. }) {
            assert!(declares(operation, 403), "{at}: 403 not declared");
        }
        if !template.is_empty() {
            assert!(declares(operation, 404), "{at}: 404 not declared");
        }
        if method != "get" {
            assert!(declares(operation, 419), "{at}: 419 not declared");
            assert!(declares(operation, 422), "{at}: 422 not declared");
        }
        assert!(declares(operation, 405), "{at}: 405 not declared");
        assert!(declares(operation, 503), "{at}: 503 not declared");
        for (status, answer) in operation["responses"].as_object().expect("responses") {
            if status.starts_with('4') || status.starts_with('5') {
                let schema = &answer["content"]["application/json"]["schema"];
                let error_body = Value::from("#/components/schemas/ErrorBody");
                let is_error_body = schema["$ref"] == error_body
                    || schema["anyOf"]
                        .as_array()
                        .is_some_and(|any| any.iter().any(|s| s["$ref"] == error_body));
                assert!(is_error_body, "{at}: {status} without the error body");
            }
        }
    }
    for (method, path) in [("post", "/api/login"), ("get", "/api/tracking/{code}")] {
        assert!(
            declares(&document["paths"][path][method], 429),
            "{method} {path}: 429 not declared"
        );
    }
}

#[actix_rt::test]
async fn files_and_list_filters_are_described() {
    let app = TestApp::spawn().await;
    let document = app.client().get("/api/openapi.json").await.body;
    let paths = &document["paths"];
    for path in [
        "/api/parcels/labels",
        "/api/pickup-vouchers/{key}/pdf",
        "/api/clients/invoices/{key}/pdf",
    ] {
        assert!(
            paths[path]["get"]["responses"]["200"]["content"]["application/pdf"].is_object(),
            "{path}: PDF not declared"
        );
    }
    assert!(
        paths["/api/clients/invoices/transfers"]["get"]["responses"]["200"]["content"]["text/csv"]
            .is_object()
    );
    let import = &paths["/api/parcels/import"]["post"]["requestBody"];
    assert_eq!(import["required"], true);
    assert!(import["content"]["text/csv"].is_object());

    // A list states the query parameters its handler reads, the sort with its columns.
    let parameters = paths["/api/parcels"]["get"]["parameters"]
        .as_array()
        .unwrap();
    let named = |name: &str| {
        parameters
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("no {name} parameter"))
    };
    for name in ["page", "per_page", "q", "view", "status", "cursor", "from"] {
        assert_eq!(named(name)["in"], "query");
    }
    let sort = named("sort")["schema"]["enum"].as_array().unwrap();
    assert!(sort.contains(&Value::from("-created_at")));

    // Creation requires what validation requires; edition takes any subset.
    let schemas = &document["components"]["schemas"];
    let create = &paths["/api/parcels"]["post"]["requestBody"]["content"]["application/json"];
    assert_eq!(create["schema"]["$ref"], "#/components/schemas/NewParcel");
    let required = schemas["NewParcel"]["required"].as_array().unwrap();
    assert!(required.contains(&Value::from("recipient_name")));
    assert!(schemas["ParcelInput"]["required"].is_null());
}

/// The bounds the document states are the ones the server applies (the attributes hold
/// literals; the constants are the rules).
#[test]
fn the_documented_bounds_are_the_servers() {
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    let schemas = &document["components"]["schemas"];
    let field = |schema: &str, field: &str, bound: &str| -> i64 {
        schemas[schema]["properties"][field][bound]
            .as_i64()
            .unwrap_or_else(|| panic!("{schema}.{field} has no {bound}"))
    };
    let fee = colivra_parcels::fees::MAX_FEE_CENTIMES;
    for schema in ["CityInput", "CostInput", "NewCity", "NewCost"] {
        for name in ["delivery_fee", "return_fee", "refusal_fee"] {
            assert_eq!(field(schema, name, "maximum"), fee, "{schema}.{name}");
            assert_eq!(field(schema, name, "minimum"), 0, "{schema}.{name}");
        }
    }
    let commission = colivra_auth::delivery_people::MAX_COMMISSION_CENTIMES;
    for name in ["delivered_commission", "refused_commission"] {
        assert_eq!(field("DeliveryCityInput", name, "maximum"), commission);
    }
    use colivra_parcels::parcel::{MAX_COD_CENTIMES, MAX_QUANTITY};
    assert_eq!(
        field("ParcelInput", "cod_amount", "maximum"),
        MAX_COD_CENTIMES
    );
    assert_eq!(field("ParcelInput", "quantity", "maximum"), MAX_QUANTITY);
    assert_eq!(
        field("DeliveryInvoiceUpdate", "counted_amount", "maximum"),
        colivra_invoicing::delivery::MAX_COUNTED_CENTIMES
    );
    for schema in ["SettlementInput", "NewSettlement"] {
        assert_eq!(
            field(schema, "amount", "maximum"),
            colivra_invoicing::balances::MAX_SETTLEMENT,
            "{schema}"
        );
        assert_eq!(field(schema, "amount", "minimum"), 1, "{schema}");
    }
    assert_eq!(
        field("MerchantInvoiceUpdate", "payment_reference", "maxLength"),
        colivra_invoicing::merchant::MAX_REFERENCE as i64
    );
    use colivra_auth::passwords::{MAX_LENGTH, MIN_LENGTH};
    assert_eq!(
        field("RegisterMerchant", "password", "minLength"),
        MIN_LENGTH as i64
    );
    assert_eq!(
        field("RegisterMerchant", "password", "maxLength"),
        MAX_LENGTH as i64
    );
    assert_eq!(
        field("UpdateProfile", "avatar", "maxLength"),
        colivra_auth::accounts::MAX_AVATAR_LENGTH as i64
    );
    for schema in ["PickupInput", "ReceiveInput", "ShipInput", "ReturnInput"] {
        assert_eq!(
            field(schema, "parcels", "maxItems"),
            colivra_vouchers::MAX_PARCELS as i64,
            "{schema}"
        );
    }
    for schema in [
        "MerchantInvoiceInput",
        "MerchantInvoiceUpdate",
        "DeliveryInvoiceInput",
    ] {
        assert_eq!(
            field(schema, "parcels", "maxItems"),
            colivra_invoicing::MAX_PARCELS as i64,
            "{schema}"
        );
    }
    // Answers state every field they carry; request bodies may carry more (ignored).
    assert_eq!(schemas["ParcelView"]["additionalProperties"], false);
    assert_eq!(schemas["ErrorBody"]["additionalProperties"], false);
    assert!(schemas["ParcelInput"]["additionalProperties"].is_null());
}

#[actix_rt::test]
async fn bodies_over_the_limit_answer_413_with_the_error_body() {
    let app = TestApp::spawn().await;
    let client = app.client();
    let padding = "x".repeat(colivra_gateway::app::JSON_LIMIT_BYTES + 10);
    let response = client
        .post(
            "/api/login",
            serde_json::json!({"email": "a@b.ma", "password": padding}),
        )
        .await;
    response.assert_status(413);
    assert!(response.body["message"].is_string(), "{}", response.text);
    let (merchant, _) = app.signed_in(colivra_core::Role::Merchant, true).await;
    let file = vec![b'a'; colivra_gateway::app::FILE_LIMIT_BYTES + 10];
    let response = merchant
        .post_bytes("/api/parcels/import", file, "text/csv")
        .await;
    response.assert_status(413);
    assert_eq!(
        response.header("content-type"),
        Some("application/json"),
        "{}",
        response.text
    );
    assert!(response.body["message"].is_string(), "{}", response.text);
}

/// The API fuzzing gives every key a path names real values to try (a new route's `{key}`
/// without a collection in `scripts/schemathesis_fixtures.py` would only ever meet 404).
#[test]
fn the_fuzzing_fixtures_know_every_path_parameter() {
    let fixtures = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../scripts/schemathesis_fixtures.py"
    ))
    .expect("read the fixtures script");
    let named: Vec<String> = regex::Regex::new(r#""path\.(\w+)":"#)
        .unwrap()
        .captures_iter(&fixtures)
        .map(|c| c[1].to_owned())
        .collect();
    // `(r"PATTERN", "collection")` rows, and the `r"PATTERN",` rows of the unbound list.
    let by_path: Vec<regex::Regex> = regex::Regex::new(r#"\(?r"([^"]+)",( "\w+"\))?"#)
        .unwrap()
        .captures_iter(&fixtures)
        .map(|c| regex::Regex::new(&c[1]).expect("a fixture's path pattern"))
        .collect();
    assert!(
        !named.is_empty() && !by_path.is_empty(),
        "fixtures not read"
    );
    let mut missing = Vec::new();
    for endpoint in table() {
        for segment in endpoint.path.split('/') {
            let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) else {
                continue;
            };
            let known = match name {
                // `{key}` and `{invoiceKey}` are bound by the collection the path is in.
                "key" | "invoiceKey" => by_path.iter().any(|p| p.is_match(endpoint.path)),
                // Enumerations come from the document itself.
                "type" => true,
                other => named.iter().any(|n| n == other),
            };
            if !known {
                missing.push(format!("{} {} {{{name}}}", endpoint.method, endpoint.path));
            }
        }
    }
    assert!(missing.is_empty(), "no fixture values for: {missing:#?}");
}
