//! The OpenAPI document: schemas from the types, paths from the route table, so the document
//! cannot drift from what is mounted.

use utoipa::openapi::header::{Header, HeaderBuilder};
use utoipa::openapi::path::{HttpMethod, OperationBuilder, PathItem, PathsBuilder};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{
    AdditionalProperties, AnyOfBuilder, ObjectBuilder, Schema, SchemaType, Type,
};
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{Content, ContentBuilder, Ref, RefOr, Required, ResponseBuilder};
use utoipa::OpenApi;

use crate::routes::{table, Access};

mod contract;

use contract::{contract, path_parameter, Contract};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Colivra API",
        description = "Cash-on-delivery parcel delivery: merchants, staff and delivery people. \
        Browser calls use the session cookie and must echo the XSRF-TOKEN cookie in X-XSRF-TOKEN on writes; \
        integrations use `Authorization: Bearer <personal token>`."
    ),
    components(schemas(
        colivra_core::ErrorBody,
        colivra_core::PageMeta,
        colivra_core::Role,
        colivra_auth::UserView,
        colivra_auth::UserData,
        colivra_auth::accounts::RegisterClient,
        colivra_auth::accounts::UpdateProfile,
        colivra_auth::merchants::ClientInput,
        colivra_auth::couriers::DeliveryAdminView,
        colivra_auth::couriers::DeliveryCityView,
        colivra_auth::couriers::DeliveryAdminInput,
        colivra_auth::couriers::DeliveryCityInput,
        colivra_auth::staff::StaffView,
        colivra_auth::staff::StaffInput,
        colivra_auth::tokens::CreateToken,
        colivra_auth::tokens::CreatedToken,
        colivra_auth::tokens::TokenView,
        crate::handlers::session::LoginInput,
        crate::handlers::session::SessionList,
        crate::handlers::session::EndedSessions,
        colivra_auth::sessions::SessionView,
        crate::handlers::accounts::UserDataResponse,
        crate::handlers::accounts::ClientView,
        crate::handlers::accounts::ClientResponse,
        crate::handlers::accounts::ClientList,
        crate::handlers::tokens::TokenList,
        crate::handlers::couriers::DeliveryAdminList,
        crate::handlers::couriers::DeliveryAdminResponse,
        crate::handlers::staff::StaffList,
        crate::handlers::staff::StaffResponse,
        colivra_parcels::cities::City,
        colivra_parcels::cities::CityInput,
        crate::handlers::cities::CityList,
        crate::handlers::cities::CityResponse,
        colivra_parcels::shops::ShopView,
        colivra_parcels::shops::ShopInput,
        crate::handlers::shops::ShopList,
        crate::handlers::shops::ShopResponse,
        colivra_parcels::shops::BankAccountChangeRef,
        colivra_parcels::shops::BankAccountChangeStatus,
        colivra_parcels::shops::BankAccountChangeView,
        colivra_parcels::shops::BankAccountDecision,
        colivra_parcels::shops::BankAccountDecisionInput,
        colivra_parcels::shops::ChangeShopRef,
        colivra_parcels::shops::ChangePersonRef,
        crate::handlers::shops::BankAccountChangeList,
        crate::handlers::shops::BankAccountChangeResponse,
        colivra_parcels::company::CompanyView,
        colivra_parcels::company::CompanyInput,
        crate::handlers::shops::CompanyResponse,
        colivra_parcels::prices::CostView,
        colivra_parcels::prices::CostInput,
        colivra_parcels::prices::EffectivePrice,
        crate::handlers::prices::CostList,
        crate::handlers::prices::CostResponse,
        crate::handlers::prices::PriceList,
        colivra_parcels::status::Status,
        colivra_parcels::status::View,
        colivra_auth::accounts::ClientStatus,
        colivra_parcels::parcel::ParcelView,
        colivra_parcels::fees::Fees,
        colivra_parcels::parcel::ParcelInput,
        colivra_parcels::parcel::ParcelKind,
        crate::handlers::parcels::ParcelList,
        colivra_parcels::import::ImportRow,
        colivra_parcels::import::ImportPreview,
        colivra_parcels::import::ImportResult,
        colivra_parcels::moves::StateInput,
        colivra_parcels::moves::StateView,
        colivra_parcels::note::Note,
        colivra_parcels::note::NoteCode,
        colivra_parcels::moves::CancelInput,
        colivra_parcels::moves::AddressInput,
        colivra_parcels::moves::ReassignInput,
        colivra_parcels::statistics::Statistics,
        colivra_parcels::statistics::StatusCount,
        colivra_parcels::statistics::DayFigures,
        colivra_parcels::tracking::TrackingView,
        colivra_parcels::tracking::TrackingEvent,
        crate::handlers::parcels::ParcelResponse,
        crate::handlers::parcels::ParcelViews,
        crate::handlers::parcels::StateList,
        crate::handlers::parcels::StatisticsResponse,
        crate::handlers::parcels::StatusCatalog,
        colivra_parcels::status::StatusInfo,
        crate::handlers::parcels::TrackingResponse,
        crate::handlers::parcels::ImportRefused,
        colivra_vouchers::Kind,
        colivra_vouchers::VoucherStatus,
        colivra_vouchers::VoucherView,
        colivra_vouchers::VoucherDetail,
        colivra_vouchers::view::ClientRef,
        colivra_vouchers::view::ShopRef,
        colivra_vouchers::view::DeliveryAdminRef,
        colivra_vouchers::view::UserRef,
        colivra_vouchers::pickup::PickupInput,
        colivra_vouchers::pickup::ReceiveInput,
        colivra_vouchers::exit::ShipInput,
        colivra_vouchers::returns::ReturnInput,
        crate::handlers::vouchers::VoucherResponse,
        crate::handlers::vouchers::VoucherDetailResponse,
        crate::handlers::vouchers::VoucherList,
        colivra_invoicing::Kind,
        colivra_invoicing::InvoiceStatus,
        colivra_invoicing::Line,
        colivra_invoicing::ClientInvoiceView,
        colivra_invoicing::DeliveryInvoiceView,
        colivra_invoicing::view::InvoiceShopRef,
        colivra_invoicing::view::InvoiceClientRef,
        colivra_invoicing::view::InvoiceDeliveryAdminRef,
        colivra_invoicing::client::UnpaidShop,
        colivra_invoicing::client::ClientInvoiceInput,
        colivra_invoicing::client::ClientInvoiceType,
        colivra_invoicing::client::ClientInvoiceUpdateStatus,
        colivra_invoicing::delivery::DeliveryInvoiceUpdateStatus,
        colivra_invoicing::client::ClientInvoiceUpdate,
        colivra_invoicing::delivery::UnpaidDeliveryAdmin,
        colivra_invoicing::delivery::DeliveryInvoiceInput,
        colivra_invoicing::delivery::DeliveryInvoiceUpdate,
        colivra_invoicing::dashboard::Dashboard,
        colivra_invoicing::dashboard::MoneyFigures,
        crate::handlers::invoices::ClientInvoiceResponse,
        crate::handlers::invoices::ClientInvoiceList,
        crate::handlers::invoices::DeliveryInvoiceResponse,
        crate::handlers::invoices::DeliveryInvoiceList,
        crate::handlers::invoices::InvoiceLines,
        crate::handlers::invoices::UnpaidShopList,
        crate::handlers::invoices::UnpaidDeliveryAdminList,
        colivra_invoicing::rules::CashFigures,
        colivra_invoicing::lines::CarriedLine,
        colivra_invoicing::balances::EntryKind,
        colivra_invoicing::balances::EntryAuthor,
        colivra_invoicing::balances::BalanceEntry,
        colivra_invoicing::balances::BalanceCourierRef,
        colivra_invoicing::balances::CarriedBalance,
        colivra_invoicing::balances::CourierBalance,
        colivra_invoicing::balances::BalanceRow,
        colivra_invoicing::balances::SettlementKind,
        colivra_invoicing::balances::SettlementInput,
        crate::handlers::balances::CourierBalanceList,
        crate::handlers::balances::CourierBalanceResponse,
        colivra_support::tickets::TicketCategory,
        colivra_support::tickets::TicketStatus,
        colivra_support::tickets::TicketParcelRef,
        colivra_support::tickets::TicketClientRef,
        colivra_support::tickets::LastMessage,
        colivra_support::tickets::TicketView,
        colivra_support::tickets::MessageView,
        colivra_support::tickets::TicketDetail,
        colivra_support::tickets::TicketInput,
        colivra_support::tickets::TicketStatusInput,
        colivra_support::tickets::MessageInput,
        colivra_support::people::Author,
        colivra_support::people::PersonHit,
        colivra_support::announcements::Audience,
        colivra_support::announcements::AnnouncementAuthor,
        colivra_support::announcements::AnnouncementView,
        colivra_support::announcements::AnnouncementInput,
        colivra_support::guides::GuideView,
        colivra_support::guides::GuideInput,
        colivra_support::activity_log::ActivityUser,
        colivra_support::activity_log::ActivityView,
        colivra_support::activity_log::ActionKind,
        colivra_support::activity_log::DetailLine,
        colivra_support::search::VoucherHit,
        colivra_support::search::InvoiceHit,
        crate::handlers::support::TicketList,
        crate::handlers::support::TicketResponse,
        crate::handlers::support::UnreadCount,
        crate::handlers::support::UnreadResponse,
        crate::handlers::support::AnnouncementList,
        crate::handlers::support::AnnouncementResponse,
        crate::handlers::support::GuideList,
        crate::handlers::support::GuideResponse,
        crate::handlers::support::ActivityList,
        crate::handlers::support::ActionKinds,
        crate::handlers::support::ParcelHit,
        crate::handlers::support::TicketHit,
        crate::handlers::support::SearchResults,
        crate::handlers::support::SearchResponse,
        colivra_inventory::Labelled,
        colivra_inventory::ClientRef,
        colivra_inventory::PersonRef,
        colivra_inventory::InventoryRef,
        colivra_inventory::clients::InventoryClientView,
        colivra_inventory::clients::ClientDecision,
        colivra_inventory::products::InventoryView,
        colivra_inventory::products::InventoryDetail,
        colivra_inventory::products::InventoryInput,
        colivra_inventory::movements::MovementView,
        colivra_inventory::movements::ParcelRef,
        colivra_inventory::movements::MovementInput,
        colivra_inventory::movements::MovementDecision,
        colivra_inventory::movements::EntryLine,
        colivra_inventory::movements::EntrySlipInput,
        colivra_inventory::movements::EntrySlipView,
        colivra_inventory::stock::StockLineInput,
        colivra_inventory::stock::StockLine,
        crate::handlers::inventory::LabelledList,
        crate::handlers::parcels::DashboardFigures,
        colivra_inventory::dashboard::StockFigures,
        crate::handlers::inventory::InventoryClientList,
        crate::handlers::inventory::InventoryClientResponse,
        crate::handlers::inventory::InventoryList,
        crate::handlers::inventory::InventoryResponse,
        crate::handlers::inventory::InventoryDetailResponse,
        crate::handlers::inventory::MovementList,
        crate::handlers::inventory::MovementResponse,
        crate::handlers::inventory::EntrySlipResponse,
        crate::handlers::inventory::ProductImportResult,
        crate::handlers::inventory::ProductImportResponse,
    ))
)]
struct ApiDoc;

fn method(method: &actix_web::http::Method) -> HttpMethod {
    match method.as_str() {
        "POST" => HttpMethod::Post,
        "PUT" => HttpMethod::Put,
        "PATCH" => HttpMethod::Patch,
        "DELETE" => HttpMethod::Delete,
        _ => HttpMethod::Get,
    }
}

fn json_ref(schema: &str) -> Content {
    ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(schema)))
        .build()
}

/// A body that is not JSON (a file): a string of that media type.
fn file_content(media_type: &str) -> Content {
    if media_type == "multipart/form-data" {
        // A form with one file field, `file`.
        return ContentBuilder::new()
            .schema(Some(
                ObjectBuilder::new()
                    .property(
                        "file",
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .content_media_type("application/octet-stream"),
                    )
                    .required("file"),
            ))
            .build();
    }
    ContentBuilder::new()
        .schema(Some(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .content_media_type(media_type),
        ))
        .build()
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

fn error_response(description: &str) -> ResponseBuilder {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", json_ref("ErrorBody"))
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

/// Every status an operation may answer besides its success, with what it means there.
fn error_statuses(
    endpoint: &crate::routes::Endpoint,
    contract: &Contract,
    has_body: bool,
) -> Vec<(u16, &'static str)> {
    let write = endpoint.method != actix_web::http::Method::GET;
    let has_path_params = endpoint.path.contains('{');
    let mut statuses = Vec::new();
    if endpoint.access != Access::Public {
        statuses.push((401, "Not signed in, or the bearer token is not valid"));
    }
    if endpoint.access != Access::Public {
        // Any signed-in route: a personal token lacking the ability (read for GET, write for the
        // rest), a browser-session-only route called with a token, or the role's rules.
        statuses.push((
            403,
            "Not allowed: inactive account, another role, a permission missing, or a personal token without the ability (or on a browser-session-only route)",
        ));
    }
    if has_path_params || contract.statuses.contains(&404) {
        statuses.push((404, "Not found or outside the caller's scope"));
    }
    statuses.push((405, "Method not allowed on this path (see `Allow`)"));
    if contract.statuses.contains(&409) {
        statuses.push((409, "The resource's state refuses this change"));
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
    if contract.statuses.contains(&429) {
        statuses.push((429, "Too many attempts"));
    }
    statuses.push((503, "Database unavailable"));
    statuses
}

/// Request fields holding a Moroccan phone number, and whether empty is accepted (it clears an
/// optional number).
const PHONE_FIELDS: &[(&str, &str, bool)] = &[
    ("RegisterClient", "phone", false),
    ("UpdateProfile", "phone", false),
    ("ClientInput", "phone", false),
    ("DeliveryAdminInput", "phone", false),
    ("StaffInput", "phone", true),
    ("ShopInput", "phone", false),
    ("ParcelInput", "recipient_phone", false),
    ("ParcelInput", "recipient_phone_alt", true),
    ("AddressInput", "recipient_phone", false),
    ("AddressInput", "recipient_phone_alt", true),
];

/// Gives the phone fields the pattern of what the server accepts.
fn add_phone_patterns(components: &mut utoipa::openapi::Components) {
    let pattern = colivra_core::phone::PHONE_PATTERN;
    let or_empty = format!("^$|{pattern}");
    for (schema, field, empty) in PHONE_FIELDS {
        let Some(RefOr::T(Schema::Object(object))) = components.schemas.get_mut(*schema) else {
            continue;
        };
        if let Some(RefOr::T(Schema::Object(property))) = object.properties.get_mut(*field) {
            property.pattern = Some(if *empty {
                or_empty.clone()
            } else {
                pattern.to_owned()
            });
            property.description = Some(
                "A Moroccan number: `0612345678`, `06 12 34 56 78`, `+212612345678`…".to_owned(),
            );
        }
    }
}

/// Answers state every field the server sends: each object component that is no request body
/// and no part of an `allOf` (which `additionalProperties` would break) refuses other fields.
fn close_answer_objects(components: &mut utoipa::openapi::Components, requests: &[String]) {
    let mut open: Vec<String> = requests.to_vec();
    for schema in components.schemas.values() {
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
    for (name, schema) in components.schemas.iter_mut() {
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

/// The component creation takes: `base` with `fields` required and not nullable.
fn creation_schema(base: &Schema, fields: &[&str]) -> Schema {
    let mut schema = base.clone();
    if let Schema::Object(object) = &mut schema {
        for field in fields {
            if !object.required.iter().any(|r| r == field) {
                object.required.push((*field).to_owned());
            }
            if let Some(RefOr::T(Schema::Object(property))) = object.properties.get_mut(*field) {
                if let SchemaType::Array(types) = &property.schema_type {
                    let types: Vec<Type> = types
                        .iter()
                        .filter(|t| **t != Type::Null)
                        .cloned()
                        .collect();
                    property.schema_type = match types.as_slice() {
                        [one] => SchemaType::Type(one.clone()),
                        _ => SchemaType::Array(types),
                    };
                }
            }
        }
    }
    schema
}

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    if let Some(components) = doc.components.as_mut() {
        add_phone_patterns(components);
    }
    let mut paths = PathsBuilder::new();
    let mut derived: Vec<(String, Schema)> = Vec::new();
    for endpoint in table() {
        let contract = contract(endpoint.method.as_str(), endpoint.path);
        let mut operation = OperationBuilder::new()
            .summary(Some(endpoint.summary))
            .description(Some(access_text(endpoint.access)))
            .tag(endpoint.tag);
        for segment in endpoint.path.split('/') {
            if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                operation = operation.parameter(path_parameter(name));
            }
        }
        for parameter in contract.query.iter().cloned() {
            operation = operation.parameter(parameter);
        }
        let mut has_body = false;
        if let Some(schema) = endpoint.request {
            let name = match contract.create {
                Some((create, fields)) => {
                    if !derived.iter().any(|(n, _)| n == create) {
                        let base = doc
                            .components
                            .as_ref()
                            .and_then(|c| c.schemas.get(schema))
                            .and_then(|s| match s {
                                RefOr::T(schema) => Some(schema.clone()),
                                RefOr::Ref(_) => None,
                            });
                        if let Some(base) = base {
                            derived.push((create.to_owned(), creation_schema(&base, fields)));
                        }
                    }
                    create
                }
                None => schema,
            };
            operation = operation.request_body(Some(
                RequestBodyBuilder::new()
                    .required(Some(Required::True))
                    .content("application/json", json_ref(name))
                    .build(),
            ));
            has_body = true;
        } else if !contract.raw_body.is_empty() {
            let mut body = RequestBodyBuilder::new().required(Some(Required::True));
            for media_type in contract.raw_body {
                body = body.content(*media_type, file_content(media_type));
            }
            operation = operation.request_body(Some(body.build()));
            has_body = true;
        }
        let (status, schema) = endpoint.response;
        let mut success = ResponseBuilder::new().description("Success");
        if let Some(schema) = schema {
            success = success.content("application/json", json_ref(schema));
        }
        for media_type in contract.files {
            success = success.content(*media_type, file_content(media_type));
        }
        operation = operation.response(status.to_string(), success.build());
        for (code, text, schema) in contract.answers.iter().filter(|a| a.0 < 400) {
            operation = operation.response(
                code.to_string(),
                ResponseBuilder::new()
                    .description(*text)
                    .content("application/json", json_ref(schema))
                    .build(),
            );
        }
        for (code, text) in error_statuses(&endpoint, &contract, has_body) {
            let mut response = match contract.answers.iter().find(|a| a.0 == code) {
                Some((_, own_text, schema)) => ResponseBuilder::new()
                    .description(format!("{text}; or {own_text}"))
                    .content(
                        "application/json",
                        ContentBuilder::new()
                            .schema(Some(
                                AnyOfBuilder::new()
                                    .item(Ref::from_schema_name("ErrorBody"))
                                    .item(Ref::from_schema_name(*schema)),
                            ))
                            .build(),
                    ),
                None => error_response(text),
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
        paths = paths.path(
            endpoint.path,
            PathItem::new(method(&endpoint.method), operation.build()),
        );
    }
    doc.paths = paths.build();
    if let Some(components) = doc.components.as_mut() {
        let mut requests: Vec<String> = table()
            .iter()
            .filter_map(|e| e.request.map(str::to_owned))
            .collect();
        for (name, schema) in derived {
            requests.push(name.clone());
            components.schemas.insert(name, RefOr::T(schema));
        }
        close_answer_objects(components, &requests);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new("colivra_session"))),
        );
        components.add_security_scheme(
            "token",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
    }
    doc
}
