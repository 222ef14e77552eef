//! The OpenAPI document, derived from the route table: each row's handler describes its body,
//! query and success answer through its types (see [`crate::api`]), its row says who may call
//! it and what it may refuse, so the document cannot drift from what is mounted.

use std::collections::BTreeMap;

use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, Parameter, ParameterBuilder, ParameterIn, PathItem, PathsBuilder,
};
use utoipa::openapi::schema::{AdditionalProperties, AnyOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{
    ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApiBuilder, Ref, RefOr, Required,
    ResponseBuilder,
};
use utoipa::{PartialSchema, ToSchema};

use crate::access::Access;
use crate::api::OperationDoc;
use crate::routes::{table, Endpoint};

fn method(method: &actix_web::http::Method) -> HttpMethod {
    match method.as_str() {
        "POST" => HttpMethod::Post,
        "PUT" => HttpMethod::Put,
        "PATCH" => HttpMethod::Patch,
        "DELETE" => HttpMethod::Delete,
        _ => HttpMethod::Get,
    }
}

fn access_text(access: Access) -> String {
    match access {
        Access::SessionOnly(inner) => format!(
            "{} Browser session only: a personal token gets 403.",
            access_text(*inner)
        ),
        Access::Public => "Open to anyone.".to_owned(),
        Access::SignedIn => "Any signed-in user, activated or not.".to_owned(),
        Access::Active { roles, permissions } => {
            let roles: Vec<&str> = roles.iter().map(|r| r.as_str()).collect();
            if permissions.is_empty() {
                format!("Active users of role {}.", roles.join(", "))
            } else {
                format!(
                    "Active users of role {} holding one of: {}.",
                    roles.join(", "),
                    permissions.join(", ")
                )
            }
        }
    }
}

fn error_body() -> RefOr<Schema> {
    Ref::from_schema_name(colivra_core::ErrorBody::name()).into()
}

fn retry_after() -> Header {
    HeaderBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0)),
        ))
        .description(Some("Seconds to wait before trying again."))
        .build()
}

/// `Idempotency-Key`: the same request sent again under it gets the first answer.
fn idempotency_key_parameter() -> Parameter {
    ParameterBuilder::new()
        .name(crate::middleware::idempotency::HEADER)
        .parameter_in(ParameterIn::Header)
        .required(Required::False)
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(colivra_db::idempotency::MAX_KEY_LENGTH))
                .pattern(Some("^[!-~]+$")),
        ))
        .description(Some(
            "Sent again with the same body within 7 days (compared as JSON: key order and spacing do not matter), the request gets its first answer again (status and body, with `Idempotent-Replayed: true`) and writes nothing; with another body, 422; while the first is still being answered, 409 with `Retry-After`. A request refused before it changed anything (400, 401, 403, 404, 405, 413, 415, 422, 429) or failing (5xx) keeps no key: the same key with a corrected body goes through.",
        ))
        .build()
}

/// A path parameter: a key (opaque text) or, for `{type}`, a client invoice type.
fn path_parameter(name: &str) -> Parameter {
    let (schema, description): (RefOr<Schema>, &str) = match name {
        "type" => (
            colivra_invoicing::merchant::MerchantInvoiceType::schema(),
            "Client invoice type (422 otherwise).",
        ),
        "code" | "parcel" | "parcelKey" => (
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .into(),
            "Tracking code",
        ),
        _ => (
            ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .into(),
            "Key of the resource",
        ),
    };
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Path)
        .required(Required::True)
        .schema(Some(schema))
        .description(Some(description))
        .build()
}

/// Every status an operation may answer besides its success, with what it means there.
fn error_statuses(endpoint: &Endpoint, has_body: bool) -> Vec<(u16, &'static str)> {
    let write = endpoint.method != actix_web::http::Method::GET;
    let mut statuses = Vec::new();
    if endpoint.access != Access::Public {
        statuses.push((401, "Not signed in, or the bearer token is not valid"));
        // A personal token lacking the ability (read for GET, write for the rest), a
        // browser-session-only route called with a token, or the role's rules.
        statuses.push((
            403,
            "Not allowed: inactive account, another role, a permission missing, or a personal token without the ability (or on a browser-session-only route)",
        ));
    }
    if endpoint.path.contains('{') || endpoint.refuses.contains(&404) {
        statuses.push((404, "Not found or outside the caller's scope"));
    }
    statuses.push((405, "Method not allowed on this path (see `Allow`)"));
    if endpoint.refuses.contains(&409) {
        statuses.push((
            409,
            if endpoint.idempotent {
                "The resource's state refuses this change, or a request with the same Idempotency-Key is still being answered"
            } else {
                "The resource's state refuses this change"
            },
        ));
    } else if endpoint.idempotent {
        statuses.push((
            409,
            "A request with the same Idempotency-Key is still being answered",
        ));
    }
    if has_body {
        statuses.push((413, "Body too large"));
    }
    if write || endpoint.path == "/api/logout" {
        statuses.push((
            419,
            "CSRF token missing or wrong (cookie-authenticated calls)",
        ));
    }
    // Every operation: a control character (NUL, …) in the path or the query is refused at the
    // edge, whatever the operation reads.
    statuses.push((
        422,
        "Validation errors per field (a control character in the path or query included)",
    ));
    if endpoint.refuses.contains(&429) {
        statuses.push((429, "Too many attempts"));
    }
    statuses.push((503, "Database unavailable"));
    statuses
}

/// Answers state every field the server sends: each object component that is no request body
/// and no part of an `allOf` (which `additionalProperties` would break) refuses other fields.
fn close_answer_objects(components: &mut BTreeMap<String, RefOr<Schema>>, requests: &[String]) {
    let mut open: Vec<String> = requests.to_vec();
    for schema in components.values() {
        if let RefOr::T(Schema::AllOf(all_of)) = schema {
            for item in &all_of.items {
                if let RefOr::Ref(reference) = item {
                    if let Some(name) = reference.ref_location.rsplit('/').next() {
                        open.push(name.to_owned());
                    }
                }
            }
        }
    }
    for (name, schema) in components.iter_mut() {
        if open.contains(name) {
            continue;
        }
        if let RefOr::T(Schema::Object(object)) = schema {
            if object.additional_properties.is_none() && !object.properties.is_empty() {
                object.additional_properties =
                    Some(Box::new(AdditionalProperties::FreeForm(false)));
            }
        }
    }
}

/// Adds `found` to the document's components; two types under one name is a mistake the
/// document must not hide (one would silently replace the other).
fn merge_components(
    into: &mut BTreeMap<String, RefOr<Schema>>,
    found: Vec<(String, RefOr<Schema>)>,
    endpoint: &Endpoint,
) {
    for (name, schema) in found {
        match into.get(&name) {
            Some(known) if *known != schema => panic!(
                "two schemas are named {name} ({} {}): rename one of the types",
                endpoint.method, endpoint.path
            ),
            Some(_) => {}
            None => {
                into.insert(name, schema);
            }
        }
    }
}

/// One operation of the document, from its row and its handler's description.
fn operation(endpoint: &Endpoint, doc: OperationDoc) -> utoipa::openapi::path::Operation {
    let mut operation = OperationBuilder::new()
        .summary(Some(endpoint.summary))
        .description(Some(access_text(endpoint.access)))
        .tag(endpoint.tag);
    for segment in endpoint.path.split('/') {
        if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            operation = operation.parameter(path_parameter(name));
        }
    }
    for parameter in doc.query {
        operation = operation.parameter(parameter);
    }
    if endpoint.idempotent {
        operation = operation.parameter(idempotency_key_parameter());
    }
    let has_body = doc.request.is_some();
    operation = operation.request_body(doc.request);
    let (status, success) = doc.success.unwrap_or_else(|| {
        panic!(
            "{} {}: the handler describes no answer",
            endpoint.method, endpoint.path
        )
    });
    operation = operation.response(status.to_string(), success);
    for (code, response) in doc.answers.iter().filter(|(code, _)| *code < 400) {
        operation = operation.response(code.to_string(), response.clone());
    }
    for (code, text) in error_statuses(endpoint, has_body) {
        let own = doc.answers.iter().find(|(own, _)| *own == code);
        let mut response = match own {
            // An error that may also carry a body of its own (a refused import's preview).
            Some((_, own)) => {
                let own_schema =
                    own.content
                        .get("application/json")
                        .and_then(|content| match content {
                            RefOr::T(content) => content.schema.clone(),
                            RefOr::Ref(_) => None,
                        });
                let mut any_of = AnyOfBuilder::new().item(error_body());
                if let Some(schema) = own_schema {
                    any_of = any_of.item(schema);
                }
                ResponseBuilder::new()
                    .description(format!("{text}; or {}", own.description))
                    .content(
                        "application/json",
                        ContentBuilder::new().schema(Some(any_of)).build(),
                    )
            }
            None => ResponseBuilder::new().description(text).content(
                "application/json",
                ContentBuilder::new().schema(Some(error_body())).build(),
            ),
        };
        if code == 429 || code == 503 {
            response = response.header("Retry-After", retry_after());
        }
        operation = operation.response(code.to_string(), response.build());
    }
    if endpoint.access != Access::Public {
        operation = operation
            .security(SecurityRequirement::new::<_, _, &str>("session", []))
            .security(SecurityRequirement::new::<_, _, &str>("token", []));
    }
    operation.build()
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut components: BTreeMap<String, RefOr<Schema>> = BTreeMap::new();
    // The error body every failure answers, with what it refers to.
    let mut errors = vec![(
        colivra_core::ErrorBody::name().into_owned(),
        colivra_core::ErrorBody::schema(),
    )];
    colivra_core::ErrorBody::schemas(&mut errors);
    components.extend(errors);
    let mut requests = Vec::new();
    let mut paths = PathsBuilder::new();
    for endpoint in table() {
        let mut doc = OperationDoc::default();
        (endpoint.describe)(&mut doc);
        merge_components(
            &mut components,
            std::mem::take(&mut doc.components),
            &endpoint,
        );
        requests.append(&mut doc.request_components);
        paths = paths.path(
            endpoint.path,
            PathItem::new(method(&endpoint.method), operation(&endpoint, doc)),
        );
    }
    // What webhook receivers get in an event's `data` (no operation answers them: the server
    // sends them), for integrators and the merchant guide.
    {
        use colivra_core::webhook_events::*;
        let mut events = Vec::new();
        for (name, schema) in [
            (ParcelEventData::name(), ParcelEventData::schema()),
            (RecordedOutcome::name(), RecordedOutcome::schema()),
            (InvoiceEventData::name(), InvoiceEventData::schema()),
            (TicketEventData::name(), TicketEventData::schema()),
            (PingEventData::name(), PingEventData::schema()),
        ] {
            events.push((name.into_owned(), schema));
        }
        components.extend(events);
    }
    close_answer_objects(&mut components, &requests);
    let components = ComponentsBuilder::new()
        .schemas_from_iter(components)
        .security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("colivra_session"))),
        )
        .security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        )
        .build();
    OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("Colivra API")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Cash-on-delivery parcel delivery: merchants, staff and delivery people. \
                     Browser calls use the session cookie and must echo the XSRF-TOKEN cookie in \
                     X-XSRF-TOKEN on writes; integrations use `Authorization: Bearer <personal token>`.",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components))
        .build()
}
