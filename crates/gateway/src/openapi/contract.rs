//! What the route table does not say about an operation, by method and path: the query
//! parameters its handler reads, the statuses it answers beyond those of its kind, the fields
//! creation requires, and the media types of files it takes or answers.

use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn, ParameterStyle};
use utoipa::openapi::schema::{
    ArrayBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type,
};
use utoipa::openapi::{Ref, RefOr, Required};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// What an operation's route-table row does not say: the query parameters its handler reads,
/// the statuses it answers beyond those every operation of its kind answers, the fields its
/// body must carry, and what its success answer is when it is not JSON.
#[derive(Default)]
pub(super) struct Contract {
    pub(super) query: Vec<Parameter>,
    /// 404 (for operations without path parameters: a key in the body or the query names
    /// nothing in the caller's scope), 409, 429.
    pub(super) statuses: &'static [u16],
    /// For a body schema that creation and edition share: the component, derived from the
    /// row's schema, that creation takes, and the fields it must carry (else 422).
    pub(super) create: Option<(&'static str, &'static [&'static str])>,
    /// Media types of a success answer that is a file.
    pub(super) files: &'static [&'static str],
    /// The body is a file of one of these media types, not JSON.
    pub(super) raw_body: &'static [&'static str],
    /// Answers with a body of their own: another success, or an error whose body may also be
    /// this schema (besides the error body).
    pub(super) answers: &'static [(u16, &'static str, &'static str)],
}

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

fn param(name: &str, schema: impl Into<RefOr<Schema>>, description: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .schema(Some(schema))
        .description(Some(description))
        .build()
}

fn key_param(name: &str, description: &str) -> Parameter {
    param(name, string(), description)
}

/// A parameter whose values are those of a component (an enum).
fn ref_param(name: &str, component: &str, description: &str) -> Parameter {
    param(name, Ref::from_schema_name(component), description)
}

fn enum_param(name: &str, values: &[&str], description: &str) -> Parameter {
    param(
        name,
        string().enum_values(Some(values.iter().copied())),
        description,
    )
}

fn bool_param(name: &str, description: &str) -> Parameter {
    param(
        name,
        ObjectBuilder::new().schema_type(Type::Boolean),
        description,
    )
}

fn date_param(name: &str, description: &str) -> Parameter {
    param(
        name,
        string().format(Some(SchemaFormat::KnownFormat(KnownFormat::Date))),
        description,
    )
}

/// `?page=&per_page=`, which every list reads.
fn page_params() -> Vec<Parameter> {
    let integer = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(1))
    };
    vec![
        param(
            "page",
            integer(),
            "1-based page number (smaller values read as 1).",
        ),
        param(
            "per_page",
            integer().maximum(Some(colivra_core::pagination::MAX_PER_PAGE)),
            "Rows per page, 1 to 100 (default 25; values outside are brought within).",
        ),
    ]
}

/// `?q=`: free text, 100 characters at most once trimmed (422 otherwise).
/// The activity log's filters, shared by the list and the export.
fn activity_filters() -> [Parameter; 7] {
    [
        key_param("user", "A user's key."),
        key_param("action", "An action, e.g. `parcel.created` (see /api/activities/actions)."),
        param(
            "subject_key",
            string().max_length(Some(100)),
            "The code people see of what was acted on, or its start (tracking code, voucher code, invoice number, stock movement or ticket code; any case), or its whole key.",
        ),
        date_param("from", "On or after this day."),
        date_param("to", "On or before this day (422 before `from`)."),
        bool_param("mine", "`true`: only the caller's scope (staff: their own actions)."),
        enum_param(
            "lang",
            &["fr", "en"],
            "The language of labels and values, over `Accept-Language` (for download links).",
        ),
    ]
}

fn search_param() -> Parameter {
    param("q", string().max_length(Some(100)), "Free-text search.")
}

/// `?sort=`: one of `columns`, `-` before it for descending (422 otherwise).
fn sort_param(columns: &[&str]) -> Parameter {
    let values: Vec<String> = columns
        .iter()
        .flat_map(|c| [c.to_string(), format!("-{c}")])
        .collect();
    param(
        "sort",
        string().enum_values(Some(values)),
        "Sort column; `-` before it for descending.",
    )
}

fn list_params(sortable: Option<&[&str]>) -> Vec<Parameter> {
    let mut params = page_params();
    params.push(search_param());
    if let Some(columns) = sortable {
        params.push(sort_param(columns));
    }
    params
}

fn with(mut params: Vec<Parameter>, more: impl IntoIterator<Item = Parameter>) -> Vec<Parameter> {
    params.extend(more);
    params
}

fn voucher_filters() -> Vec<Parameter> {
    with(
        list_params(Some(colivra_vouchers::list::SORTABLE)),
        [
            ref_param("status", "VoucherStatus", "Voucher status."),
            key_param("client", "Merchant key (admins, pickup vouchers)."),
            key_param("delivery_admin", "Delivery person key (admins)."),
        ],
    )
}

fn invoice_filters(client: bool) -> Vec<Parameter> {
    let mut params = with(
        list_params(Some(colivra_invoicing::view::SORTABLE)),
        [
            ref_param("status", "InvoiceStatus", "Invoice status."),
            key_param("shop", "Shop key (client invoices)."),
            key_param("client", "Merchant key (client invoices)."),
            key_param("delivery_admin", "Delivery person key (delivery invoices)."),
        ],
    );
    if client {
        params.push(ref_param("type", "ClientInvoiceType", "Invoice type."));
    }
    params
}

fn parcel_filters() -> Vec<Parameter> {
    let status = ParameterBuilder::new()
        .name("status")
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .style(Some(ParameterStyle::Form))
        .explode(Some(false))
        .schema(Some(
            ArrayBuilder::new().items(Ref::from_schema_name("Status")),
        ))
        .description(Some("Status keys, comma-separated."))
        .build();
    with(
        list_params(Some(colivra_parcels::list::SORTABLE)),
        [
            ref_param(
                "view",
                "View",
                "A named view of the specification's parcel screens.",
            ),
            status,
            key_param("city", "City key."),
            key_param("shop", "Shop key."),
            key_param("client", "Merchant key (admins)."),
            key_param("delivery_admin", "Delivery person key (admins)."),
            date_param("from", "Created on or after this day."),
            date_param("to", "Created on or before this day."),
            key_param(
                "cursor",
                "The `next_cursor` of the previous page: the rows after it (422 when it is not one).",
            ),
        ],
    )
}

/// The contract of one operation, by method and path.
pub(super) fn contract(method: &str, path: &str) -> Contract {
    match (method, path) {
        ("POST", "/api/login") => Contract {
            statuses: &[429],
            ..Default::default()
        },
        ("GET", "/api/clients") => Contract {
            query: with(
                list_params(Some(colivra_auth::accounts::CLIENT_SORTABLE)),
                [ref_param(
                    "status",
                    "ClientStatus",
                    "`new`: awaiting activation; `all` (default).",
                )],
            ),
            ..Default::default()
        },
        ("DELETE", "/api/clients/{client}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/delivery-admins") => Contract {
            query: with(
                list_params(Some(colivra_auth::couriers::SORTABLE)),
                [
                    bool_param("active", "Only active (true) or inactive (false) ones."),
                    key_param("city", "A city key: only those who serve it."),
                ],
            ),
            ..Default::default()
        },
        ("POST", "/api/delivery-admins") => Contract {
            create: Some((
                "NewDeliveryAdmin",
                &["full_name", "email", "phone", "password"],
            )),
            ..Default::default()
        },
        ("DELETE", "/api/delivery-admins/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("POST", "/api/delivery-admins/cities") => Contract {
            statuses: &[404],
            create: Some((
                "NewDeliveryCity",
                &[
                    "delivery_admin",
                    "city",
                    "delivered_commission",
                    "refused_commission",
                ],
            )),
            ..Default::default()
        },
        ("GET", "/api/managers") | ("GET", "/api/admins") => Contract {
            query: list_params(Some(colivra_auth::staff::SORTABLE)),
            ..Default::default()
        },
        ("POST", "/api/managers") | ("POST", "/api/admins") => Contract {
            create: Some((
                "NewStaff",
                &["first_name", "last_name", "email", "password"],
            )),
            ..Default::default()
        },
        ("PUT", "/api/managers/{key}")
        | ("DELETE", "/api/managers/{key}")
        | ("PUT", "/api/admins/{key}")
        | ("DELETE", "/api/admins/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/tokens") => Contract {
            query: page_params(),
            ..Default::default()
        },
        ("GET", "/api/cities") => Contract {
            query: with(
                list_params(Some(colivra_parcels::cities::SORTABLE)),
                [bool_param(
                    "active",
                    "Only active (true) or inactive (false) cities.",
                )],
            ),
            ..Default::default()
        },
        ("POST", "/api/cities") => Contract {
            create: Some((
                "NewCity",
                &["name", "delivery_fee", "return_fee", "refusal_fee"],
            )),
            ..Default::default()
        },
        ("DELETE", "/api/cities/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/shops") => Contract {
            query: with(
                list_params(Some(colivra_parcels::shops::SORTABLE)),
                [key_param("client", "A merchant's key (admins).")],
            ),
            ..Default::default()
        },
        ("POST", "/api/shops") => Contract {
            create: Some(("NewShop", &["name", "phone", "address", "city"])),
            ..Default::default()
        },
        ("PUT", "/api/shops/{key}") => Contract {
            statuses: &[409],
            answers: &[(
                202,
                "The merchant's new RIB waits for an admin's approval: the shop with its pending change",
                "ShopResponse",
            )],
            ..Default::default()
        },
        ("GET", "/api/shops/bank-account-changes") => Contract {
            query: with(
                page_params(),
                [
                    ref_param("status", "BankAccountChangeStatus", "Where the change stands."),
                    key_param("shop", "One shop's changes (shop key)."),
                    key_param("client", "One merchant's changes (merchant key)."),
                ],
            ),
            ..Default::default()
        },
        ("PUT", "/api/shops/bank-account-changes/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/costs") => Contract {
            query: with(
                list_params(Some(colivra_parcels::prices::COST_SORTABLE)),
                [key_param("client", "One merchant's prices (merchant key).")],
            ),
            ..Default::default()
        },
        ("POST", "/api/costs") => Contract {
            create: Some((
                "NewCost",
                &[
                    "client",
                    "city",
                    "delivery_fee",
                    "return_fee",
                    "refusal_fee",
                ],
            )),
            ..Default::default()
        },
        ("GET", "/api/pricing") => Contract {
            query: list_params(Some(colivra_parcels::prices::PRICE_SORTABLE)),
            ..Default::default()
        },
        ("GET", "/api/parcels") => Contract {
            query: parcel_filters(),
            ..Default::default()
        },
        ("POST", "/api/parcels") => Contract {
            create: Some((
                "NewParcel",
                &[
                    "recipient_name",
                    "recipient_phone",
                    "city",
                    "address",
                    "cod_amount",
                    "product",
                ],
            )),
            ..Default::default()
        },
        ("POST", "/api/parcels/import") => Contract {
            query: vec![
                bool_param(
                    "dry_run",
                    "`true`: check the file and answer the preview (200) without writing anything.",
                ),
                key_param("shop", "The shop (key) for rows that name none."),
            ],
            raw_body: &["text/csv", XLSX],
            answers: &[
                (200, "A dry run: the preview, row by row", "ImportPreview"),
                (
                    422,
                    "A row is wrong (nothing was created): the preview, row by row",
                    "ImportRefused",
                ),
            ],
            ..Default::default()
        },
        ("GET", "/api/parcels/import/template") => Contract {
            query: vec![enum_param(
                "format",
                &["csv", "xlsx"],
                "`csv` (default; any other value too) or `xlsx`.",
            )],
            files: &["text/csv", XLSX],
            ..Default::default()
        },
        ("GET", "/api/parcels/labels") => Contract {
            query: vec![
                ParameterBuilder::new()
                    .name("parcels")
                    .parameter_in(ParameterIn::Query)
                    .required(Required::True)
                    .schema(Some(string()))
                    .description(Some("Tracking codes, comma-separated."))
                    .build(),
                enum_param(
                    "layout",
                    &["a6", "a4", "A6", "A4"],
                    "`a6` (default): one label per page; `a4`: four per page.",
                ),
            ],
            statuses: &[404],
            files: &["application/pdf"],
            ..Default::default()
        },
        ("POST", "/api/parcels/states") => Contract {
            statuses: &[404, 409],
            ..Default::default()
        },
        ("PUT", "/api/parcels/delivery-admins/{deliveryAdmin}")
        | ("PUT", "/api/parcels/{key}")
        | ("DELETE", "/api/parcels/{key}")
        | ("PUT", "/api/parcels/{key}/cancel")
        | ("PUT", "/api/parcels/{key}/change-address")
        | ("PUT", "/api/parcels/{key}/acknowledge-address")
        | ("POST", "/api/parcels/{key}/undo") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/tracking/{code}") => Contract {
            statuses: &[429],
            ..Default::default()
        },
        ("GET", "/api/pickup-vouchers")
        | ("GET", "/api/exit-vouchers")
        | ("GET", "/api/return-vouchers") => Contract {
            query: voucher_filters(),
            ..Default::default()
        },
        ("POST", "/api/pickup-vouchers") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("PUT", "/api/pickup-vouchers/pickup") => Contract {
            statuses: &[404, 409],
            ..Default::default()
        },
        ("PUT", "/api/pickup-vouchers/parcels/{parcelKey}")
        | ("PUT", "/api/pickup-vouchers/{key}")
        | ("DELETE", "/api/pickup-vouchers/{key}")
        | ("PUT", "/api/return-vouchers/{key}/receive") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("PUT", "/api/parcels/delivery") | ("POST", "/api/return-vouchers") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/shops/unpaid/{type}") => Contract {
            query: with(
                list_params(None),
                [key_param("client", "One merchant's shops (merchant key).")],
            ),
            ..Default::default()
        },
        ("POST", "/api/clients/invoices") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/clients/invoices") => Contract {
            query: invoice_filters(true),
            ..Default::default()
        },
        ("GET", "/api/clients/invoices/transfers") => Contract {
            query: vec![
                key_param("client", "One merchant's invoices (merchant key)."),
                key_param("shop", "One shop's invoices (shop key)."),
            ],
            files: &["text/csv"],
            ..Default::default()
        },
        ("PUT", "/api/clients/invoices/{key}")
        | ("DELETE", "/api/clients/invoices/{key}")
        | ("POST", "/api/delivery-admins/invoices")
        | ("PUT", "/api/delivery-admins/invoices/parcels/{parcel}")
        | ("PUT", "/api/delivery-admins/invoices/{key}")
        | ("DELETE", "/api/delivery-admins/invoices/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/delivery-admins/invoices") => Contract {
            query: invoice_filters(false),
            ..Default::default()
        },
        ("GET", "/api/delivery-admins/parcels/unpaid") => Contract {
            query: list_params(None),
            ..Default::default()
        },
        ("GET", "/api/delivery-admins/balances") => Contract {
            query: with(
                list_params(Some(colivra_invoicing::balances::SORTABLE)),
                [
                    bool_param("owing", "`true`: only those who owe the company (balance above zero)."),
                    key_param("delivery_admin", "Delivery people's keys, comma-separated."),
                ],
            ),
            ..Default::default()
        },
        ("POST", "/api/delivery-admins/{key}/balance") => Contract {
            statuses: &[409],
            create: Some(("NewSettlement", &["kind", "amount"])),
            ..Default::default()
        },
        ("GET", "/api/tickets") => Contract {
            query: with(
                list_params(None),
                [
                    ref_param("status", "TicketStatus", "Ticket status."),
                    ref_param("category", "TicketCategory", "Ticket category."),
                    key_param("client", "Merchant key (admins)."),
                    key_param("parcel", "Tracking code: the tickets about that parcel."),
                    bool_param("unread", "`true`: only tickets the caller's side has not read."),
                ],
            ),
            ..Default::default()
        },
        ("POST", "/api/tickets") => Contract {
            create: Some(("NewTicket", &["subject", "category", "message"])),
            ..Default::default()
        },
        ("PUT", "/api/tickets") => Contract {
            statuses: &[404, 409],
            ..Default::default()
        },
        ("DELETE", "/api/tickets/{ticket}/messages/{message}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/announcements") => Contract {
            query: with(
                page_params(),
                [bool_param(
                    "current",
                    "`true`: only those shown today (staff holding announcements; the others always get today's).",
                )],
            ),
            ..Default::default()
        },
        ("POST", "/api/announcements") => Contract {
            create: Some(("NewAnnouncement", &["title", "body", "audience"])),
            ..Default::default()
        },
        ("POST", "/api/guides") => Contract {
            create: Some(("NewGuide", &["title", "body", "audience"])),
            ..Default::default()
        },
        ("PUT", "/api/guides/{key}") | ("DELETE", "/api/guides/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/activities") => Contract {
            query: with(page_params(), activity_filters()),
            ..Default::default()
        },
        ("GET", "/api/activities/export") => Contract {
            query: activity_filters().into_iter().collect(),
            files: &["text/csv"],
            ..Default::default()
        },
        ("GET", "/api/search") => Contract {
            query: vec![ParameterBuilder::new()
                .name("q")
                .parameter_in(ParameterIn::Query)
                .required(Required::True)
                .schema(Some(string().min_length(Some(2)).max_length(Some(100))))
                .description(Some("The text: 2 to 100 characters once trimmed (422 otherwise)."))
                .build()],
            ..Default::default()
        },
        ("GET", "/api/inventory/clients") => Contract {
            query: with(
                list_params(None),
                [enum_param(
                    "status",
                    &["pending", "active", "suspended"],
                    "Stock service status.",
                )],
            ),
            ..Default::default()
        },
        ("POST", "/api/inventory/clients") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", "/api/inventories") => Contract {
            query: with(
                list_params(Some(colivra_inventory::products::SORTABLE)),
                [
                    key_param("client", "A merchant's key (admins)."),
                    bool_param(
                        "low",
                        "`true`: only products at or below their alert threshold.",
                    ),
                ],
            ),
            ..Default::default()
        },
        ("POST", "/api/inventories") => Contract {
            statuses: &[409],
            create: Some(("NewInventory", &["sku", "name"])),
            ..Default::default()
        },
        ("PUT", "/api/inventories/{key}")
        | ("DELETE", "/api/inventories/movements/{key}")
        | ("PUT", "/api/inventories/movements/{key}") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("POST", "/api/inventories/import") => Contract {
            statuses: &[409],
            raw_body: &["multipart/form-data", "text/csv", XLSX],
            ..Default::default()
        },
        ("GET", "/api/inventories/import/template") => Contract {
            files: &["text/csv"],
            ..Default::default()
        },
        ("GET", "/api/inventories/movements") => Contract {
            query: with(
                list_params(Some(colivra_inventory::movements::SORTABLE)),
                [
                    key_param("inventory", "A product's key."),
                    enum_param(
                        "type",
                        &["entry", "exit", "return", "adjustment"],
                        "Movement type.",
                    ),
                    enum_param(
                        "state",
                        &["pending", "validated", "rejected"],
                        "Movement state.",
                    ),
                    key_param("client", "A merchant's key (admins)."),
                    key_param("parcel", "A parcel's tracking code."),
                ],
            ),
            ..Default::default()
        },
        ("POST", "/api/inventories/movements") | ("POST", "/api/inventories/entries") => Contract {
            statuses: &[409],
            ..Default::default()
        },
        ("GET", p) if p.ends_with("/pdf") => Contract {
            files: &["application/pdf"],
            ..Default::default()
        },
        _ => Contract::default(),
    }
}

/// A path parameter: a key (opaque text) or, for `{type}`, a client invoice type.
pub(super) fn path_parameter(name: &str) -> Parameter {
    let (schema, description) = match name {
        "type" => (
            RefOr::from(Ref::from_schema_name("ClientInvoiceType")),
            "Client invoice type (422 otherwise).",
        ),
        "code" | "parcel" | "parcelKey" => (
            RefOr::T(string().min_length(Some(1)).build().into()),
            "Tracking code",
        ),
        _ => (
            RefOr::T(string().min_length(Some(1)).build().into()),
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
