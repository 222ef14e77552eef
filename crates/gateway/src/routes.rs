//! The route table: every API endpoint with the roles and permission names that grant it. The
//! gateway mounts routes from it, the OpenAPI document is built from it, and the authorization
//! matrix test walks it.

use actix_web::http::Method;
use actix_web::{web, Route};
use colivra_core::{Permission, Role};

use crate::handlers::vouchers::{self, EXIT, PICKUP, RETURN};
use crate::handlers::{
    accounts, balances, cities, couriers, inventory, invoices, parcels, prices, session, shops,
    staff, support, tokens,
};

/// Who may call an endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// Anyone, signed in or not (sign-in, registration).
    Public,
    /// Any signed-in user, active or not: the only calls an inactive account may make.
    SignedIn,
    /// An active user of one of `roles`; for admins and merchants, holding at least one of
    /// `permissions` (none listed: any). Delivery people hold their whole set.
    Active {
        roles: &'static [Role],
        permissions: &'static [Permission],
    },
    /// As the inner rule, but only with the browser session: a personal token may not change
    /// the password or the profile, manage tokens or sessions.
    SessionOnly(&'static Access),
}

/// Any signed-in user, through the browser session only.
pub const SIGNED_IN_SESSION: Access = Access::SessionOnly(&Access::SignedIn);
/// An active merchant, through the browser session only.
pub const MERCHANT_SESSION: Access = Access::SessionOnly(&Access::Active {
    roles: CLIENT,
    permissions: &[],
});

pub const ADMIN: &[Role] = &[Role::Admin];
pub const CLIENT: &[Role] = &[Role::Client];
pub const ADMIN_OR_CLIENT: &[Role] = &[Role::Admin, Role::Client];
pub const EVERY_ROLE: &[Role] = &[Role::Admin, Role::Client, Role::DeliveryAdmin];

/// Screens that pick a city from the list.
const NEEDS_CITIES: &[Permission] = &[
    "cities",
    "shops",
    "add-new-parcels",
    "pricing",
    "deliverymen",
    "client-costs",
    // the city filter of parcel lists, delivery people's included
    "all-parcels",
    "sent-parcels",
];

/// Screens that show parcels: who may read them (their own scope).
pub(crate) const PARCEL_SCREENS: &[Permission] = &[
    // merchants
    "add-new-parcels",
    "new-parcels",
    "all-parcels",
    "sent-parcels",
    "delivered-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
    "pickup-vouchers",
    // admins (all-parcels, sent-parcels, … are shared names)
    "pickup-parcels",
    "canceled-parcels",
    "new-pickup-vouchers",
    "all-pickup-vouchers",
    "delivery-exit-vouchers",
    "parcels-to-be-returned",
    "delivery-return-vouchers",
    "create-client-invoice",
    "create-delivery-invoice",
    // delivery people (they hold their whole set; listed so the table says who reads what)
    "exit-vouchers",
    "return-vouchers",
];

/// Pickup voucher screens: the merchant's, the admin's new and all vouchers.
pub(crate) const PICKUP_VOUCHER_SCREENS: &[Permission] = &[
    "pickup-vouchers",
    "new-pickup-vouchers",
    "all-pickup-vouchers",
];

/// Exit voucher screens: the admin's, the delivery person's.
pub(crate) const EXIT_VOUCHER_SCREENS: &[Permission] = &["delivery-exit-vouchers", "exit-vouchers"];

/// Return voucher screens: parcels to be returned (both), the admin's and the delivery person's
/// return vouchers.
pub(crate) const RETURN_VOUCHER_SCREENS: &[Permission] = &[
    "parcels-to-be-returned",
    "delivery-return-vouchers",
    "return-vouchers",
];

const ADMIN_OR_DELIVERY_ADMIN: &[Role] = &[Role::Admin, Role::DeliveryAdmin];

/// Merchant screens that change parcels.
const MERCHANT_PARCEL_WRITES: &[Permission] = &[
    "add-new-parcels",
    "new-parcels",
    "all-parcels",
    "sent-parcels",
];

/// Admin screens that move parcels.
const ADMIN_PARCEL_WRITES: &[Permission] = &[
    "all-parcels",
    "pickup-parcels",
    "sent-parcels",
    "delivered-parcels",
    "canceled-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
];

/// Admin screens that write client invoices.
const CLIENT_INVOICE_WRITES: &[Permission] = &[
    "create-client-invoice",
    "client-delivered-invoices",
    "client-returned-invoices",
];

/// Screens that read client invoices: the admin's, and the merchant's own.
pub(crate) const CLIENT_INVOICE_SCREENS: &[Permission] = &[
    "create-client-invoice",
    "client-delivered-invoices",
    "client-returned-invoices",
    "completed-invoices",
    "returned-invoices",
];

/// Screens that read delivery invoices: the admin's, and the delivery person's (his whole set).
pub(crate) const DELIVERY_INVOICE_SCREENS: &[Permission] = &[
    "create-delivery-invoice",
    "delivery-invoices",
    "create-invoice",
    "invoices",
];

/// Admin screens that show delivery people's balances: the balances screen (delivery invoices
/// area), the delivery people list, the delivery invoice draft.
const BALANCE_SCREENS: &[Permission] = &[
    "delivery-invoices",
    "deliverymen",
    "create-delivery-invoice",
];

/// The stock screens (`gestion-des-stocks`), the admin's and the merchant's.
const INVENTORY: &[Permission] = &["inventory-management"];

/// Reading products: the stock screens, and the parcel form (stock lines pick a product).
const INVENTORY_READERS: &[Permission] = &["inventory-management", "add-new-parcels"];

#[derive(Clone)]
pub struct Endpoint {
    pub method: Method,
    /// Full path, with `{name}` segments.
    pub path: &'static str,
    pub access: Access,
    pub summary: &'static str,
    pub tag: &'static str,
    /// Schema names (OpenAPI components) of the JSON body and of the success response.
    pub request: Option<&'static str>,
    pub response: (u16, Option<&'static str>),
    pub route: fn() -> Route,
}

macro_rules! endpoint {
    ($method:ident $path:literal, $access:expr, $handler:path, $tag:literal, $summary:literal, $request:expr, $status:literal => $response:expr) => {
        Endpoint {
            method: Method::$method,
            path: $path,
            access: $access,
            summary: $summary,
            tag: $tag,
            request: $request,
            response: ($status, $response),
            route: || web::route().to($handler),
        }
    };
}

pub fn table() -> Vec<Endpoint> {
    use Access::*;
    vec![
        endpoint!(POST "/api/login", Public, session::login, "session", "Sign in with e-mail and password", Some("LoginInput"), 200 => Some("UserView")),
        endpoint!(POST "/api/logout", SignedIn, session::logout, "session", "Sign out: the server-side session ends", None, 204 => None),
        endpoint!(GET "/api/logout", SignedIn, session::logout, "session", "Sign out (needs the X-XSRF-TOKEN header)", None, 204 => None),
        endpoint!(GET "/api/user", SignedIn, session::current_user, "session", "The signed-in user", None, 200 => Some("UserView")),
        endpoint!(GET "/api/sessions", SIGNED_IN_SESSION, session::list_sessions, "session", "One's live sessions (device, address, last seen), the current one marked", None, 200 => Some("SessionList")),
        endpoint!(DELETE "/api/sessions", SIGNED_IN_SESSION, session::end_other_sessions, "session", "End every other session of one's own", None, 200 => Some("EndedSessions")),
        endpoint!(DELETE "/api/sessions/{key}", SIGNED_IN_SESSION, session::end_session, "session", "End one of one's sessions (the current one: signed out)", None, 204 => None),
        endpoint!(POST "/api/clients", Public, accounts::register_client, "accounts", "Register a merchant account (inactive until an admin activates it)", Some("RegisterClient"), 201 => Some("UserView")),
        endpoint!(PUT "/api/users", SIGNED_IN_SESSION, accounts::update_profile, "accounts", "Update one's own profile and password", Some("UpdateProfile"), 200 => Some("UserDataResponse")),
        endpoint!(GET "/api/clients", Active { roles: ADMIN, permissions: &["clients", "client-costs"] }, accounts::list_clients, "accounts", "Merchant accounts: ?status=new|activated|all, ?q= name, e-mail, phone or company", None, 200 => Some("ClientList")),
        endpoint!(PUT "/api/clients/{client}", Active { roles: ADMIN, permissions: &["clients"] }, accounts::update_client, "accounts", "Edit a merchant: active, names, phone, e-mail, company, permissions (client menu route names)", Some("ClientInput"), 200 => Some("ClientResponse")),
        endpoint!(DELETE "/api/clients/{client}", Active { roles: ADMIN, permissions: &["clients"] }, accounts::delete_client, "accounts", "Delete a merchant with its shops, prices and staff (409 once it has parcels: deactivate it)", None, 204 => None),
        endpoint!(GET "/api/delivery-admins", Active { roles: ADMIN, permissions: &["deliverymen", "delivery-exit-vouchers", "create-delivery-invoice", "delivery-invoices", "all-parcels", "sent-parcels", "parcels-to-be-returned", "delivery-return-vouchers"] }, couriers::list, "delivery people", "Delivery people with the cities they serve: ?q=&active=&city=CITY_KEY", None, 200 => Some("DeliveryAdminList")),
        endpoint!(POST "/api/delivery-admins", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::create, "delivery people", "Create a delivery person account", Some("DeliveryAdminInput"), 201 => Some("DeliveryAdminResponse")),
        endpoint!(PUT "/api/delivery-admins/{key}", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::update, "delivery people", "Edit a delivery person; {active: false} deactivates and ends his sessions", Some("DeliveryAdminInput"), 200 => Some("DeliveryAdminResponse")),
        endpoint!(DELETE "/api/delivery-admins/{key}", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::delete, "delivery people", "Delete a delivery person (409 once parcels were given to him: deactivate him)", None, 204 => None),
        endpoint!(POST "/api/delivery-admins/cities", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::add_city, "delivery people", "Add a city a delivery person serves, with his commissions there (centimes)", Some("DeliveryCityInput"), 201 => Some("DeliveryAdminResponse")),
        endpoint!(PUT "/api/delivery-admins/{deliveryAdmin}/cities/{city}", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::update_city, "delivery people", "Change his commissions in one city", Some("DeliveryCityInput"), 200 => Some("DeliveryAdminResponse")),
        endpoint!(DELETE "/api/delivery-admins/{deliveryAdmin}/cities/{city}", Active { roles: ADMIN, permissions: &["deliverymen"] }, couriers::remove_city, "delivery people", "Stop him serving a city", None, 204 => None),
        endpoint!(GET "/api/managers", Active { roles: ADMIN_OR_CLIENT, permissions: &["staff"] }, staff::list::<false>, "staff", "Admin staff accounts (admins) or one's merchant team (merchants)", None, 200 => Some("StaffList")),
        endpoint!(POST "/api/managers", Active { roles: ADMIN_OR_CLIENT, permissions: &["staff"] }, staff::create::<false>, "staff", "Create a staff account with permissions the caller holds himself (403 otherwise)", Some("StaffInput"), 201 => Some("StaffResponse")),
        endpoint!(PUT "/api/managers/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: &["staff"] }, staff::update::<false>, "staff", "Edit a staff account, its permissions, or deactivate it", Some("StaffInput"), 200 => Some("StaffResponse")),
        endpoint!(DELETE "/api/managers/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: &["staff"] }, staff::delete::<false>, "staff", "Delete a staff account", None, 204 => None),
        endpoint!(GET "/api/admins", Active { roles: ADMIN, permissions: &["staff"] }, staff::list::<true>, "staff", "Full admins", None, 200 => Some("StaffList")),
        endpoint!(POST "/api/admins", Active { roles: ADMIN, permissions: &["staff"] }, staff::create::<true>, "staff", "Create a full admin (full admins only)", Some("StaffInput"), 201 => Some("StaffResponse")),
        endpoint!(PUT "/api/admins/{key}", Active { roles: ADMIN, permissions: &["staff"] }, staff::update::<true>, "staff", "Edit a full admin (full admins only)", Some("StaffInput"), 200 => Some("StaffResponse")),
        endpoint!(DELETE "/api/admins/{key}", Active { roles: ADMIN, permissions: &["staff"] }, staff::delete::<true>, "staff", "Delete a full admin (full admins only; not oneself)", None, 204 => None),
        endpoint!(POST "/api/tokens", MERCHANT_SESSION, tokens::create_token, "tokens", "Create a personal API token (shown once)", Some("CreateToken"), 201 => Some("CreatedToken")),
        endpoint!(GET "/api/tokens", MERCHANT_SESSION, tokens::list_tokens, "tokens", "List one's personal API tokens", None, 200 => Some("TokenList")),
        endpoint!(GET "/api/cities", Active { roles: EVERY_ROLE, permissions: NEEDS_CITIES }, cities::list_cities, "cities", "Cities served with their fees (admins also see inactive ones)", None, 200 => Some("CityList")),
        endpoint!(POST "/api/cities", Active { roles: ADMIN, permissions: &["cities"] }, cities::create_city, "cities", "Add a city with its delivery, return and refusal fees (centimes)", Some("CityInput"), 201 => Some("CityResponse")),
        endpoint!(PUT "/api/cities/{key}", Active { roles: ADMIN, permissions: &["cities"] }, cities::update_city, "cities", "Edit a city; {active: false} deactivates it", Some("CityInput"), 200 => Some("CityResponse")),
        endpoint!(DELETE "/api/cities/{key}", Active { roles: ADMIN, permissions: &["cities"] }, cities::delete_city, "cities", "Delete a city nobody uses (409 otherwise: deactivate it)", None, 204 => None),
        endpoint!(GET "/api/shops", Active { roles: ADMIN_OR_CLIENT, permissions: &["shops", "clients", "add-new-parcels"] }, shops::list_shops, "shops", "Shops: a merchant's own; admins all, or one merchant's with ?client=KEY", None, 200 => Some("ShopList")),
        endpoint!(POST "/api/shops", Active { roles: CLIENT, permissions: &["shops"] }, shops::create_shop, "shops", "Create a shop for one's merchant account", Some("ShopInput"), 201 => Some("ShopResponse")),
        endpoint!(PUT "/api/shops/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: &["shops", "clients"] }, shops::update_shop, "shops", "Edit a shop (a merchant: his own; an admin: any, from the clients screen). A merchant's new bank_account answers 202: it waits for an admin's approval; an admin's applies at once", Some("ShopInput"), 200 => Some("ShopResponse")),
        endpoint!(GET "/api/shops/bank-account-changes", Active { roles: ADMIN, permissions: &["clients"] }, shops::list_bank_account_changes, "shops", "Shops' RIB changes, RIBs masked: ?status=pending (the work queue, oldest first)|approved|refused|replaced&shop=&client=", None, 200 => Some("BankAccountChangeList")),
        endpoint!(PUT "/api/shops/bank-account-changes/{key}", Active { roles: ADMIN, permissions: &["clients"] }, shops::decide_bank_account_change, "shops", "Approve or refuse a pending RIB change ({status: approved|refused, comment?}; a refusal needs a comment; 409 once decided)", Some("BankAccountDecisionInput"), 200 => Some("BankAccountChangeResponse")),
        endpoint!(GET "/api/settings/company", Active { roles: ADMIN, permissions: &["cities"] }, shops::company_settings, "settings", "The company's legal identity printed on invoices and vouchers (configured: false until set)", None, 200 => Some("CompanyResponse")),
        endpoint!(PUT "/api/settings/company", Active { roles: ADMIN, permissions: &["cities"] }, shops::update_company_settings, "settings", "Set the company's legal identity ({name, address, ice, if, rc, patente?, cnss?})", Some("CompanyInput"), 200 => Some("CompanyResponse")),
        endpoint!(GET "/api/costs", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::list_costs, "prices", "Merchants' own prices per city (?client=KEY for one merchant)", None, 200 => Some("CostList")),
        endpoint!(POST "/api/costs", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::create_cost, "prices", "Give a merchant its own price for a city", Some("CostInput"), 201 => Some("CostResponse")),
        endpoint!(PUT "/api/costs/{key}", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::update_cost, "prices", "Change a merchant's price for a city", Some("CostInput"), 200 => Some("CostResponse")),
        endpoint!(DELETE "/api/costs/{key}", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::delete_cost, "prices", "Remove a merchant's own price: the city's applies again", None, 204 => None),
        endpoint!(GET "/api/pricing", Active { roles: CLIENT, permissions: &["pricing"] }, prices::my_pricing, "prices", "One's effective price for every active city, overrides marked", None, 200 => Some("PriceList")),
        endpoint!(GET "/api/parcels", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::list, "parcels", "Parcels in the caller's scope: ?view=&status=&city=&shop=&client=&delivery_admin=&from=&to=&q=&sort=&cursor=", None, 200 => Some("ParcelList")),
        endpoint!(POST "/api/parcels", Active { roles: CLIENT, permissions: &["add-new-parcels"] }, parcels::create, "parcels", "Create a parcel (fees snapshot taken now)", Some("ParcelInput"), 201 => Some("ParcelResponse")),
        endpoint!(POST "/api/parcels/import", Active { roles: CLIENT, permissions: &["add-new-parcels"] }, parcels::import_file, "parcels", "Import a CSV or xlsx file (the body): ?dry_run=true previews; otherwise all rows or none", None, 201 => Some("ImportResult")),
        endpoint!(GET "/api/parcels/import/template", Active { roles: CLIENT, permissions: &["add-new-parcels"] }, parcels::import_template, "parcels", "The import template (CSV)", None, 200 => None),
        endpoint!(GET "/api/parcels/labels", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::labels, "parcels", "Labels as a PDF: ?parcels=CODE1,CODE2&layout=a6|a4", None, 200 => None),
        endpoint!(POST "/api/parcels/states", Active { roles: &[Role::Admin, Role::DeliveryAdmin], permissions: ADMIN_PARCEL_WRITES }, parcels::post_state, "parcels", "Move a parcel to a status ({parcel, status, comment, date}); admins force with a comment", Some("StateInput"), 200 => Some("ParcelResponse")),
        endpoint!(PUT "/api/parcels/delivery-admins/{deliveryAdmin}", Active { roles: ADMIN, permissions: ADMIN_PARCEL_WRITES }, parcels::reassign, "parcels", "Give parcels out for delivery to another delivery person", Some("ReassignInput"), 200 => Some("ParcelViews")),
        endpoint!(GET "/api/parcels/{key}", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::show, "parcels", "One parcel", None, 200 => Some("ParcelResponse")),
        endpoint!(PUT "/api/parcels/{key}", Active { roles: CLIENT, permissions: MERCHANT_PARCEL_WRITES }, parcels::update, "parcels", "Edit a new parcel", Some("ParcelInput"), 200 => Some("ParcelResponse")),
        endpoint!(DELETE "/api/parcels/{key}", Active { roles: CLIENT, permissions: MERCHANT_PARCEL_WRITES }, parcels::delete, "parcels", "Delete a new parcel", None, 204 => None),
        endpoint!(GET "/api/parcels/{key}/states", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::states, "parcels", "The parcel's history, oldest first: status labels and the server's notes rendered in the `Accept-Language` language (French unless it prefers English)", None, 200 => Some("StateList")),
        endpoint!(POST "/api/parcels/{key}/undo", Active { roles: &[Role::Admin, Role::DeliveryAdmin], permissions: ADMIN_PARCEL_WRITES }, parcels::undo, "parcels", "Undo one's own latest status change of the parcel, within `undo_minutes` minutes (default 5): it goes back as it was, with a history row", None, 200 => Some("ParcelResponse")),
        endpoint!(PUT "/api/parcels/{key}/cancel", Active { roles: CLIENT, permissions: MERCHANT_PARCEL_WRITES }, parcels::cancel, "parcels", "Cancel a parcel not yet picked up ({comment?})", Some("CancelInput"), 200 => Some("ParcelResponse")),
        endpoint!(PUT "/api/parcels/{key}/change-address", Active { roles: CLIENT, permissions: MERCHANT_PARCEL_WRITES }, parcels::change_address, "parcels", "Change the recipient's phone, city or address until delivery", Some("AddressInput"), 200 => Some("ParcelResponse")),
        endpoint!(PUT "/api/parcels/{key}/acknowledge-address", Active { roles: &[Role::DeliveryAdmin], permissions: &[] }, parcels::acknowledge_address, "parcels", "The delivery person confirms he saw an address change", None, 200 => Some("ParcelResponse")),
        endpoint!(GET "/api/states", Active { roles: EVERY_ROLE, permissions: &[] }, parcels::statuses, "parcels", "Every parcel status: key, label in the `Accept-Language` language (French unless it prefers English), whether posting it needs a date or a comment", None, 200 => Some("StatusCatalog")),
        endpoint!(GET "/api/statistics", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, parcels::statistics, "parcels", "Dashboard figures in the caller's scope", None, 200 => Some("StatisticsResponse")),
        endpoint!(GET "/api/tracking/{code}", Public, parcels::track, "parcels", "Public tracking: status, city and dates only (30 look-ups a minute per address)", None, 200 => Some("TrackingResponse")),
        endpoint!(GET "/api/pickup-vouchers", Active { roles: ADMIN_OR_CLIENT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::list::<PICKUP>, "vouchers", "Pickup vouchers (merchant: his own; admin: all): ?status=new|received&client=KEY&q=&sort=", None, 200 => Some("VoucherList")),
        endpoint!(POST "/api/pickup-vouchers", Active { roles: CLIENT, permissions: &["pickup-vouchers"] }, vouchers::create_pickup, "vouchers", "Create a pickup voucher from new parcels of one shop ({parcels}); they go awaiting_pickup", Some("PickupInput"), 201 => Some("VoucherResponse")),
        endpoint!(PUT "/api/pickup-vouchers/pickup", Active { roles: ADMIN, permissions: &["new-pickup-vouchers", "all-pickup-vouchers"] }, vouchers::receive_pickup, "vouchers", "Receive a pickup voucher ({voucher, parcels}: those collected go picked_up, the others back to new)", Some("ReceiveInput"), 200 => Some("VoucherDetailResponse")),
        endpoint!(PUT "/api/pickup-vouchers/parcels/{parcelKey}", Active { roles: CLIENT, permissions: &["pickup-vouchers"] }, vouchers::remove_from_pickup, "vouchers", "Take a parcel off its pickup voucher (back to new)", None, 200 => Some("VoucherResponse")),
        endpoint!(GET "/api/pickup-vouchers/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::show::<PICKUP>, "vouchers", "A pickup voucher with its parcels", None, 200 => Some("VoucherDetailResponse")),
        endpoint!(PUT "/api/pickup-vouchers/{key}", Active { roles: CLIENT, permissions: &["pickup-vouchers"] }, vouchers::add_to_pickup, "vouchers", "Add new parcels of the same shop to a pickup voucher not yet received ({parcels})", Some("PickupInput"), 200 => Some("VoucherDetailResponse")),
        endpoint!(DELETE "/api/pickup-vouchers/{key}", Active { roles: CLIENT, permissions: &["pickup-vouchers"] }, vouchers::delete_pickup, "vouchers", "Delete a pickup voucher not yet received: its parcels go back to new", None, 204 => None),
        endpoint!(GET "/api/pickup-vouchers/{key}/pdf", Active { roles: ADMIN_OR_CLIENT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::print::<PICKUP>, "vouchers", "The pickup voucher as a PDF", None, 200 => None),
        endpoint!(PUT "/api/parcels/delivery", Active { roles: ADMIN, permissions: &["delivery-exit-vouchers"] }, vouchers::ship, "vouchers", "Ship picked-up parcels with a delivery person ({delivery_admin, parcels, force}): one exit voucher, parcels out for delivery", Some("ShipInput"), 201 => Some("VoucherDetailResponse")),
        endpoint!(GET "/api/exit-vouchers", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: EXIT_VOUCHER_SCREENS }, vouchers::list::<EXIT>, "vouchers", "Exit vouchers (delivery person: his own; admin: all): ?delivery_admin=KEY&q=&sort=", None, 200 => Some("VoucherList")),
        endpoint!(GET "/api/exit-vouchers/{key}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: EXIT_VOUCHER_SCREENS }, vouchers::show::<EXIT>, "vouchers", "An exit voucher with its parcels", None, 200 => Some("VoucherDetailResponse")),
        endpoint!(GET "/api/exit-vouchers/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: EXIT_VOUCHER_SCREENS }, vouchers::print::<EXIT>, "vouchers", "The exit voucher as a PDF", None, 200 => None),
        endpoint!(GET "/api/return-vouchers", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: RETURN_VOUCHER_SCREENS }, vouchers::list::<RETURN>, "vouchers", "Return vouchers (delivery person: his own; admin: all): ?status=new|received&delivery_admin=KEY&q=&sort=", None, 200 => Some("VoucherList")),
        endpoint!(POST "/api/return-vouchers", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: RETURN_VOUCHER_SCREENS }, vouchers::create_return, "vouchers", "Group a delivery person's parcels to be returned ({parcels, delivery_admin}): refused and cancelled go returning", Some("ReturnInput"), 201 => Some("VoucherDetailResponse")),
        endpoint!(GET "/api/return-vouchers/{key}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: RETURN_VOUCHER_SCREENS }, vouchers::show::<RETURN>, "vouchers", "A return voucher with its parcels", None, 200 => Some("VoucherDetailResponse")),
        endpoint!(GET "/api/return-vouchers/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: RETURN_VOUCHER_SCREENS }, vouchers::print::<RETURN>, "vouchers", "The return voucher as a PDF", None, 200 => None),
        endpoint!(PUT "/api/return-vouchers/{key}/receive", Active { roles: ADMIN, permissions: &["delivery-return-vouchers"] }, vouchers::receive_return, "vouchers", "Receive a return voucher: returning parcels go returned, collected items are back", None, 200 => Some("VoucherDetailResponse")),
        endpoint!(GET "/api/shops/unpaid/{type}", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::unpaid_shops, "invoices", "Shops with parcels to invoice (type delivered|returned), with counts and totals: ?q=&client=", None, 200 => Some("UnpaidShopList")),
        endpoint!(GET "/api/shops/unpaid/{type}/{shop}", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::unpaid_shop_lines, "invoices", "A shop's parcels eligible for a client invoice of that type, as lines", None, 200 => Some("InvoiceLines")),
        endpoint!(POST "/api/clients/invoices", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::create_client_invoice, "invoices", "Draft a client invoice ({shop, type, parcels?}: every eligible parcel when parcels is absent)", Some("ClientInvoiceInput"), 201 => Some("ClientInvoiceResponse")),
        endpoint!(GET "/api/clients/invoices", Active { roles: ADMIN_OR_CLIENT, permissions: CLIENT_INVOICE_SCREENS }, invoices::list::<true>, "invoices", "Client invoices (merchants: their validated and paid ones): ?type=&status=&shop=&client=&q=&sort=", None, 200 => Some("ClientInvoiceList")),
        endpoint!(GET "/api/clients/invoices/transfers", Active { roles: ADMIN, permissions: &["client-delivered-invoices"] }, invoices::transfers, "invoices", "The validated unpaid delivered invoices as one CSV bank-transfer batch (shop, rib, amount, invoice_number)", None, 200 => None),
        endpoint!(GET "/api/clients/invoices/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: CLIENT_INVOICE_SCREENS }, invoices::show::<true>, "invoices", "One client invoice", None, 200 => Some("ClientInvoiceResponse")),
        endpoint!(PUT "/api/clients/invoices/{key}", Active { roles: ADMIN, permissions: CLIENT_INVOICE_WRITES }, invoices::update_client_invoice, "invoices", "A draft's parcels ({parcels}), validation ({status: validated}) or payment ({status: paid, payment_reference, paid_on})", Some("ClientInvoiceUpdate"), 200 => Some("ClientInvoiceResponse")),
        endpoint!(DELETE "/api/clients/invoices/{key}", Active { roles: ADMIN, permissions: CLIENT_INVOICE_WRITES }, invoices::delete_client_invoice, "invoices", "Delete a draft client invoice: its parcels are free again", None, 204 => None),
        endpoint!(GET "/api/clients/invoices/{key}/pdf", Active { roles: ADMIN_OR_CLIENT, permissions: CLIENT_INVOICE_SCREENS }, invoices::print::<true>, "invoices", "The client invoice as a PDF", None, 200 => None),
        endpoint!(GET "/api/clients/parcels/invoices/{invoiceKey}", Active { roles: ADMIN_OR_CLIENT, permissions: CLIENT_INVOICE_SCREENS }, invoices::invoice_lines::<true>, "invoices", "A client invoice's lines", None, 200 => Some("InvoiceLines")),
        endpoint!(GET "/api/delivery-admins/parcels/unpaid", Active { roles: ADMIN, permissions: &["create-delivery-invoice"] }, invoices::unpaid_delivery_admins, "invoices", "Delivery people holding parcels on no delivery invoice, with the cash due: ?q=", None, 200 => Some("UnpaidDeliveryAdminList")),
        endpoint!(GET "/api/delivery-admins/{deliveryAdmin}/parcels/unpaid", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: &["create-delivery-invoice", "create-invoice"] }, invoices::unpaid_delivery_lines, "invoices", "A delivery person's parcels on no delivery invoice, as lines (a delivery person: his own)", None, 200 => Some("InvoiceLines")),
        endpoint!(POST "/api/delivery-admins/invoices", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: &["create-delivery-invoice", "create-invoice"] }, invoices::create_delivery_invoice, "invoices", "Draft a delivery invoice ({delivery_admin, parcels?}; a delivery person declares his own)", Some("DeliveryInvoiceInput"), 201 => Some("DeliveryInvoiceResponse")),
        endpoint!(GET "/api/delivery-admins/invoices", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: DELIVERY_INVOICE_SCREENS }, invoices::list::<false>, "invoices", "Delivery invoices (a delivery person: his own): ?status=&delivery_admin=&q=&sort=", None, 200 => Some("DeliveryInvoiceList")),
        endpoint!(PUT "/api/delivery-admins/invoices/parcels/{parcel}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: &["delivery-invoices", "create-delivery-invoice", "invoices"] }, invoices::remove_delivery_parcel, "invoices", "Take a parcel off its draft delivery invoice", None, 200 => Some("DeliveryInvoiceResponse")),
        endpoint!(GET "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: DELIVERY_INVOICE_SCREENS }, invoices::show::<false>, "invoices", "One delivery invoice", None, 200 => Some("DeliveryInvoiceResponse")),
        endpoint!(PUT "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN, permissions: &["delivery-invoices"] }, invoices::update_delivery_invoice, "invoices", "Record the cash counted ({counted_amount}) or validate ({status: validated})", Some("DeliveryInvoiceUpdate"), 200 => Some("DeliveryInvoiceResponse")),
        endpoint!(DELETE "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: &["delivery-invoices", "create-delivery-invoice", "invoices"] }, invoices::delete_delivery_invoice, "invoices", "Delete a draft delivery invoice (a delivery person: his own, not yet counted)", None, 204 => None),
        endpoint!(GET "/api/delivery-admins/invoices/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: DELIVERY_INVOICE_SCREENS }, invoices::print::<false>, "invoices", "The delivery invoice as a PDF", None, 200 => None),
        endpoint!(GET "/api/delivery-admins/parcels/invoices/{invoiceKey}", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: DELIVERY_INVOICE_SCREENS }, invoices::invoice_lines::<false>, "invoices", "A delivery invoice's lines", None, 200 => Some("InvoiceLines")),
        endpoint!(GET "/api/delivery-admins/balances", Active { roles: ADMIN, permissions: BALANCE_SCREENS }, balances::list, "balances", "Delivery people with their balance (centimes, positive when he owes the company), owing first: ?q=&owing=true&delivery_admin=KEY1,KEY2&sort=", None, 200 => Some("CourierBalanceList")),
        endpoint!(GET "/api/delivery-admins/{key}/balance", Active { roles: ADMIN_OR_DELIVERY_ADMIN, permissions: &["delivery-invoices", "deliverymen", "create-delivery-invoice", "home", "invoices"] }, balances::show, "balances", "A delivery person's balance with every entry, newest first (a delivery person: his own)", None, 200 => Some("CourierBalanceResponse")),
        endpoint!(POST "/api/delivery-admins/{key}/balance", Active { roles: ADMIN, permissions: &["delivery-invoices"] }, balances::settle, "balances", "Settle a balance toward zero ({kind: payment|write_off, amount, reference?, comment}; a write-off needs the comment): 422 past zero, 409 when a concurrent settlement changed it", Some("SettlementInput"), 201 => Some("CourierBalanceResponse")),
        endpoint!(GET "/api/tickets", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::list_tickets, "support", "Support tickets (merchant: his own; admin: all), newest activity first: ?status=&category=&client=&parcel=&unread=true&q= (subject or code)", None, 200 => Some("TicketList")),
        endpoint!(GET "/api/tickets/unread", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::unread_tickets, "support", "How many tickets have messages the caller's side has not read (the menu badge)", None, 200 => Some("UnreadResponse")),
        endpoint!(GET "/api/tickets/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::show_ticket, "support", "A ticket with its messages; the caller's side has now read it", None, 200 => Some("TicketResponse")),
        endpoint!(POST "/api/tickets", Active { roles: CLIENT, permissions: &["support"] }, support::create_ticket, "support", "Open a ticket ({subject, category, parcel?, message}): open, unread for the staff", Some("TicketInput"), 201 => Some("TicketResponse")),
        endpoint!(PUT "/api/tickets", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::update_ticket, "support", "Close a ticket ({key, status: closed}, either side) or reopen it ({status: open}, the merchant); the same status: 409", Some("TicketStatusInput"), 200 => Some("TicketResponse")),
        endpoint!(POST "/api/tickets/{key}/messages", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::add_message, "support", "Write in a ticket ({body}): a staff reply makes it answered, a merchant's message open; the other side has it unread", Some("MessageInput"), 201 => Some("TicketResponse")),
        endpoint!(DELETE "/api/tickets/{ticket}/messages/{message}", Active { roles: ADMIN_OR_CLIENT, permissions: &["support"] }, support::delete_message, "support", "Delete one's own message while the other side has not written since (never the first message; 409 otherwise)", None, 204 => None),
        endpoint!(GET "/api/announcements", Active { roles: EVERY_ROLE, permissions: &[] }, support::list_announcements, "announcements", "Announcements: staff holding announcements see all (?current=true: today's); anyone else today's of his audience", None, 200 => Some("AnnouncementList")),
        endpoint!(POST "/api/announcements", Active { roles: ADMIN, permissions: &["announcements"] }, support::create_announcement, "announcements", "Publish an announcement ({title, body, audience, starts_on?, ends_on?})", Some("AnnouncementInput"), 201 => Some("AnnouncementResponse")),
        endpoint!(DELETE "/api/announcements/{key}", Active { roles: ADMIN, permissions: &["announcements"] }, support::delete_announcement, "announcements", "Delete an announcement", None, 204 => None),
        endpoint!(GET "/api/guides", Active { roles: ADMIN_OR_CLIENT, permissions: &["guide"] }, support::list_guides, "guides", "Guides (merchants: those for all and for clients), the built-in merchant API guide first", None, 200 => Some("GuideList")),
        endpoint!(GET "/api/guides/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: &["guide"] }, support::show_guide, "guides", "One guide (merchant-api: the merchant API guide, written from this API's live description)", None, 200 => Some("GuideResponse")),
        endpoint!(POST "/api/guides", Active { roles: ADMIN, permissions: &["guide"] }, support::create_guide, "guides", "Write a guide ({title, body (Markdown), audience})", Some("GuideInput"), 201 => Some("GuideResponse")),
        endpoint!(PUT "/api/guides/{key}", Active { roles: ADMIN, permissions: &["guide"] }, support::update_guide, "guides", "Edit a guide (the built-in one: 409)", Some("GuideInput"), 200 => Some("GuideResponse")),
        endpoint!(DELETE "/api/guides/{key}", Active { roles: ADMIN, permissions: &["guide"] }, support::delete_guide, "guides", "Delete a guide (the built-in one: 409)", None, 204 => None),
        endpoint!(GET "/api/activities", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, support::list_activities, "activities", "The activity log, newest first, labels and details rendered in the `Accept-Language` language: staff holding dashboard see all, anyone else (and ?mine=true) his scope: ?user=&action=&subject_key= (a code or its start)&from=&to=", None, 200 => Some("ActivityList")),
        endpoint!(GET "/api/activities/actions", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, support::activity_kinds, "activities", "The kinds of activity with their labels in the `Accept-Language` language (the log's filter)", None, 200 => Some("ActionKinds")),
        endpoint!(GET "/api/activities/export", Active { roles: ADMIN, permissions: &["dashboard"] }, support::export_activities, "activities", "The filtered activity log as CSV (UTF-8 with BOM, `;`), streamed, newest first: the list's filters, headers and values in the `Accept-Language` language (or ?lang=fr|en)", None, 200 => None),
        endpoint!(GET "/api/search", Active { roles: EVERY_ROLE, permissions: &[] }, support::search, "search", "The top bar's search (?q=, 2 characters at least): parcels, people (staff), tickets, vouchers and invoices by code, 5 of each at most", None, 200 => Some("SearchResponse")),
        endpoint!(GET "/api/inventory/types", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::types, "inventory", "Stock movement types with their French labels", None, 200 => Some("LabelledList")),
        endpoint!(GET "/api/inventory/states", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::states, "inventory", "Stock movement states with their French labels", None, 200 => Some("LabelledList")),
        endpoint!(GET "/api/inventory/clients", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::list_clients, "inventory", "Merchants' stock services (a merchant: his own row, if he asked): ?status=&q=", None, 200 => Some("InventoryClientList")),
        endpoint!(POST "/api/inventory/clients", Active { roles: CLIENT, permissions: INVENTORY }, inventory::request_service, "inventory", "The merchant asks for the stock service (pending)", None, 201 => Some("InventoryClientResponse")),
        endpoint!(PUT "/api/inventory/clients/{client}", Active { roles: ADMIN, permissions: INVENTORY }, inventory::decide_client, "inventory", "Decide a merchant's stock service ({status: active|suspended})", Some("ClientDecision"), 200 => Some("InventoryClientResponse")),
        endpoint!(GET "/api/inventories", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY_READERS }, inventory::list_products, "inventory", "Products in stock (merchant: his own; admin: all): ?client=&q=&low=true&sort=", None, 200 => Some("InventoryList")),
        endpoint!(POST "/api/inventories", Active { roles: CLIENT, permissions: INVENTORY }, inventory::create_product, "inventory", "Create a product ({sku, name, alert_threshold?}; active stock service)", Some("InventoryInput"), 201 => Some("InventoryResponse")),
        endpoint!(POST "/api/inventories/import", Active { roles: CLIENT, permissions: INVENTORY }, inventory::import_products, "inventory", "Import products from a CSV or xlsx file (multipart `file`, columns sku,name,alert_threshold): all or nothing, errors per line", None, 201 => Some("ProductImportResponse")),
        endpoint!(GET "/api/inventories/import/template", Active { roles: CLIENT, permissions: INVENTORY }, inventory::import_template, "inventory", "The product import template (CSV)", None, 200 => None),
        endpoint!(GET "/api/inventories/movements", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::list_movements, "inventory", "Stock movements, newest first: ?inventory=&type=&state=&client=&parcel=&q=", None, 200 => Some("MovementList")),
        endpoint!(POST "/api/inventories/movements", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::create_movement, "inventory", "Declare an entry (merchant, pending) or record an adjustment (admin, signed delta with a comment, validated at once)", Some("MovementInput"), 201 => Some("MovementResponse")),
        endpoint!(PUT "/api/inventories/movements/{key}", Active { roles: ADMIN, permissions: INVENTORY }, inventory::decide_movement, "inventory", "Validate (with the quantity received) or reject a pending entry or return ({state, quantity?})", Some("MovementDecision"), 200 => Some("MovementResponse")),
        endpoint!(DELETE "/api/inventories/movements/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::delete_movement, "inventory", "Delete one's own pending movement", None, 204 => None),
        endpoint!(POST "/api/inventories/entries", Active { roles: CLIENT, permissions: INVENTORY }, inventory::create_entries, "inventory", "Declare several entries on one entry slip ({lines: [{inventory, quantity}], comment?})", Some("EntrySlipInput"), 201 => Some("EntrySlipResponse")),
        endpoint!(GET "/api/inventories/entries/{key}/pdf", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY }, inventory::print_entries, "inventory", "The entry slip as a PDF (a Code128 barcode per line)", None, 200 => None),
        endpoint!(GET "/api/inventories/{key}", Active { roles: ADMIN_OR_CLIENT, permissions: INVENTORY_READERS }, inventory::show_product, "inventory", "A product with its latest movements (newest first, at most 100)", None, 200 => Some("InventoryDetailResponse")),
        endpoint!(PUT "/api/inventories/{key}", Active { roles: CLIENT, permissions: INVENTORY }, inventory::update_product, "inventory", "Edit a product's name or alert threshold (the SKU is fixed)", Some("InventoryInput"), 200 => Some("InventoryResponse")),
        endpoint!(DELETE "/api/tokens/{key}", MERCHANT_SESSION, tokens::revoke_token, "tokens", "Revoke a personal API token", None, 204 => None),
    ]
}

/// The methods the table serves at a concrete `path` (sorted; empty for an unknown path), for the
/// `Allow` header of a 405.
pub fn methods_for(path: &str) -> Vec<&'static str> {
    static PATTERNS: std::sync::OnceLock<Vec<(actix_router::ResourceDef, &'static str)>> =
        std::sync::OnceLock::new();
    let patterns = PATTERNS.get_or_init(|| {
        table()
            .into_iter()
            .map(|e| {
                let method: &'static str = match e.method.as_str() {
                    "GET" => "GET",
                    "POST" => "POST",
                    "PUT" => "PUT",
                    "PATCH" => "PATCH",
                    _ => "DELETE",
                };
                (actix_router::ResourceDef::new(e.path), method)
            })
            .collect()
    });
    let mut methods: Vec<&'static str> = patterns
        .iter()
        .filter(|(pattern, _)| pattern.is_match(path))
        .map(|(_, method)| *method)
        .collect();
    methods.sort_unstable();
    methods.dedup();
    methods
}

/// Mounts every endpoint of the table, each behind the authorization its row declares.
pub fn mount(cfg: &mut web::ServiceConfig) {
    // Resources match in registration order: paths with fewer parameters first, so
    // `/api/parcels/states` is not taken for `/api/parcels/{key}`.
    let mut endpoints = table();
    endpoints.sort_by_key(|e| e.path.matches('{').count());
    for endpoint in endpoints {
        let access = endpoint.access;
        cfg.service(
            web::resource(endpoint.path)
                .guard(actix_web::guard::Method(endpoint.method.clone()))
                .wrap(actix_web::middleware::from_fn(move |req, next| {
                    crate::middleware::authorize::authorize(access, req, next)
                }))
                .route((endpoint.route)()),
        );
    }
}
