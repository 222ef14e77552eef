//! The OpenAPI document: schemas from the types, paths from the route table, so the document
//! cannot drift from what is mounted.

use utoipa::openapi::path::{
    HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem, PathsBuilder,
};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::{
    ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme,
};
use utoipa::openapi::{ContentBuilder, Ref, ResponseBuilder};
use utoipa::OpenApi;

use crate::routes::{table, Access};

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
        colivra_parcels::prices::CostView,
        colivra_parcels::prices::CostInput,
        colivra_parcels::prices::EffectivePrice,
        crate::handlers::prices::CostList,
        crate::handlers::prices::CostResponse,
        crate::handlers::prices::PriceList,
        colivra_parcels::status::Status,
        colivra_parcels::parcel::ParcelView,
        colivra_parcels::fees::Fees,
        colivra_parcels::parcel::ParcelInput,
        colivra_parcels::list::ParcelList,
        colivra_parcels::list::ParcelPageMeta,
        colivra_parcels::import::ImportRow,
        colivra_parcels::import::ImportPreview,
        colivra_parcels::import::ImportResult,
        colivra_parcels::moves::StateInput,
        colivra_parcels::moves::StateView,
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

fn json_ref(schema: &str) -> utoipa::openapi::Content {
    ContentBuilder::new()
        .schema(Some(Ref::from_schema_name(schema)))
        .build()
}

fn access_text(access: Access) -> String {
    match access {
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

pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = ApiDoc::openapi();
    let mut paths = PathsBuilder::new();
    for endpoint in table() {
        let mut operation = OperationBuilder::new()
            .summary(Some(endpoint.summary))
            .description(Some(access_text(endpoint.access)))
            .tag(endpoint.tag);
        for segment in endpoint.path.split('/') {
            if let Some(name) = segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                operation = operation.parameter(
                    ParameterBuilder::new()
                        .name(name)
                        .parameter_in(ParameterIn::Path)
                        .required(utoipa::openapi::Required::True)
                        .description(Some("Key of the resource")),
                );
            }
        }
        if let Some(schema) = endpoint.request {
            operation = operation.request_body(Some(
                RequestBodyBuilder::new()
                    .content("application/json", json_ref(schema))
                    .build(),
            ));
        }
        let (status, schema) = endpoint.response;
        let mut success = ResponseBuilder::new().description("Success");
        if let Some(schema) = schema {
            success = success.content("application/json", json_ref(schema));
        }
        operation = operation.response(status.to_string(), success.build());
        for (code, text) in [
            ("401", "Not signed in"),
            ("403", "Not allowed"),
            ("404", "Not found or outside the caller's scope"),
            ("419", "CSRF token missing or wrong"),
            ("422", "Validation errors per field"),
            ("503", "Database unavailable"),
        ] {
            operation = operation.response(
                code,
                ResponseBuilder::new()
                    .description(text)
                    .content("application/json", json_ref("ErrorBody"))
                    .build(),
            );
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
