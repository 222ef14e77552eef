//! The authorization matrix, written by hand: every route × every kind of caller, with the answer
//! the product rules give (docs/api.md, the specification's role sets, the domain rules). It is
//! not derived from the route table it tests, so a route opened by mistake (a role or a
//! permission too many in `routes.rs`) fails here; and the table must list exactly the routes the
//! gateway serves, so a new route without a reviewed row fails too.

use crate::support::{TestApp, TestClient, PASSWORD};
use actix_web::http::Method;
use colivra_core::Role;
use colivra_gateway::routes::table;
use serde_json::json;

#[derive(Debug, Clone, Copy, PartialEq)]
enum Caller {
    Anonymous,
    /// A merchant who registered and is not activated yet.
    InactiveMerchant,
    /// An active merchant holding every client route name.
    Merchant,
    DeliveryPerson,
    /// A full admin.
    Admin,
    /// An admin staff member holding only `dashboard`.
    StaffWithoutPermission,
}

/// The matrix's columns, in this order.
const CALLERS: [Caller; 6] = [
    Caller::Anonymous,
    Caller::InactiveMerchant,
    Caller::Merchant,
    Caller::DeliveryPerson,
    Caller::Admin,
    Caller::StaffWithoutPermission,
];

/// Passes authorization: any answer but 401 and 403 (and never a 500). The handler behind it then
/// answers as it does for a made-up key or an empty body: 404, 422, 409, or 200 for a list.
const OK: u16 = 0;

/// One row per route: method, path, and the answer for each caller.
///
/// Columns: anonymous, inactive merchant, merchant, delivery person, admin, staff holding only
/// `dashboard`. The rules behind them:
/// - the sign-in, registration and public tracking are open to anyone;
/// - being signed in (active or not) is enough for one's own session: who am I, sign out, one's
///   sessions, one's profile;
/// - everything else needs an active account of a role whose screens use it, and, for admins and
///   merchants, a screen (permission) that uses it: staff holding only the dashboard reach the
///   dashboard figures and the status catalogue, nothing else.
#[rustfmt::skip]
const MATRIX: &[(&str, &str, [u16; 6])] = &[
    //                                                                  anon inact merch deliv admin staff
    // Session and one's own account.
    ("POST",   "/api/login",                                           [OK,  OK,  OK,  OK,  OK,  OK ]),
    ("POST",   "/api/logout",                                          [401, OK,  OK,  OK,  OK,  OK ]),
    ("GET",    "/api/logout",                                          [401, OK,  OK,  OK,  OK,  OK ]),
    ("GET",    "/api/user",                                            [401, OK,  OK,  OK,  OK,  OK ]),
    ("GET",    "/api/sessions",                                        [401, OK,  OK,  OK,  OK,  OK ]),
    ("DELETE", "/api/sessions",                                        [401, OK,  OK,  OK,  OK,  OK ]),
    ("DELETE", "/api/sessions/{key}",                                  [401, OK,  OK,  OK,  OK,  OK ]),
    ("POST",   "/api/clients",                                         [OK,  OK,  OK,  OK,  OK,  OK ]),
    ("GET",    "/api/cities/served",                                   [OK,  OK,  OK,  OK,  OK,  OK ]),
    // The profile screen needs activation in the specification; the table lets an inactive
    // account change its profile and password (see the report of issue 12).
    ("PUT",    "/api/users",                                           [401, OK,  OK,  OK,  OK,  OK ]),
    ("PUT",    "/api/users/language",                                  [401, OK,  OK,  OK,  OK,  OK ]),
    ("GET",    "/api/users/notices",                                   [401, OK,  OK,  OK,  OK,  OK ]),
    ("PUT",    "/api/users/notices",                                   [401, OK,  OK,  OK,  OK,  OK ]),
    ("POST",   "/api/password/forgotten",                              [OK,  OK,  OK,  OK,  OK,  OK ]),
    ("POST",   "/api/password/reset",                                  [OK,  OK,  OK,  OK,  OK,  OK ]),
    // The log of messages sent to people: the office's, with the dashboard.
    ("GET",    "/api/messages",                                        [401, 403, 403, 403, OK,  OK ]),
    ("POST",   "/api/messages/{key}/resend",                           [401, 403, 403, 403, OK,  OK ]),
    // A recipient's STOP link: he has no account.
    ("POST",   "/api/recipient-messages/{key}/stop",                   [OK,  OK,  OK,  OK,  OK,  OK ]),
    // Personal tokens: the merchant API only.
    ("POST",   "/api/tokens",                                          [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/tokens",                                          [401, 403, OK,  403, 403, 403]),
    ("DELETE", "/api/tokens/{key}",                                    [401, 403, OK,  403, 403, 403]),
    // What the merchant requires on « Livré »: his own setting, from his session.
    ("GET",    "/api/users/delivery-proof",                            [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/users/delivery-proof",                            [401, 403, OK,  403, 403, 403]),
    // Webhooks: the merchant's integration, from his session or with a personal token.
    ("GET",    "/api/webhooks",                                        [401, 403, OK,  403, 403, 403]),
    ("POST",   "/api/webhooks",                                        [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/webhooks/{key}",                                  [401, 403, OK,  403, 403, 403]),
    ("DELETE", "/api/webhooks/{key}",                                  [401, 403, OK,  403, 403, 403]),
    ("POST",   "/api/webhooks/{key}/test",                             [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/webhooks/{key}/deliveries",                       [401, 403, OK,  403, 403, 403]),
    ("POST",   "/api/webhooks/deliveries/{key}/retry",                 [401, 403, OK,  403, 403, 403]),
    // Merchant accounts: the admin's clients screen (and client-costs to pick one).
    ("GET",    "/api/clients",                                         [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/clients/{client}",                                [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/clients/{client}",                                [401, 403, 403, 403, OK,  403]),
    // Delivery people: the admin's deliverymen screen (the list also for the screens that pick one).
    ("GET",    "/api/delivery-admins",                                 [401, 403, 403, 403, OK,  403]),
    ("POST",   "/api/delivery-admins",                                 [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/delivery-admins/{key}",                           [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/delivery-admins/{key}",                           [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/delivery-admins/calls",                           [401, 403, 403, 403, OK,  403]),
    ("POST",   "/api/delivery-admins/cities",                          [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/delivery-admins/{deliveryAdmin}/cities/{city}",   [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/delivery-admins/{deliveryAdmin}/cities/{city}",   [401, 403, 403, 403, OK,  403]),
    // Staff: the admin's and the merchant's staff screens.
    ("GET",    "/api/managers",                                        [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/managers",                                        [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/managers/{key}",                                  [401, 403, OK,  403, OK,  403]),
    ("DELETE", "/api/managers/{key}",                                  [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/admins",                                          [401, 403, 403, 403, OK,  403]),
    ("POST",   "/api/admins",                                          [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/admins/{key}",                                    [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/admins/{key}",                                    [401, 403, 403, 403, OK,  403]),
    // Cities: every role picks one; only the admin's cities screen changes them.
    ("GET",    "/api/cities",                                          [401, 403, OK,  OK,  OK,  403]),
    ("POST",   "/api/cities",                                          [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/cities/{key}",                                    [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/cities/{key}",                                    [401, 403, 403, 403, OK,  403]),
    // Shops: the merchant's own (create and edit); admins read and edit them from the clients
    // screen, and decide merchants' RIB changes there.
    ("GET",    "/api/shops",                                           [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/shops",                                           [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/shops/{key}",                                     [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/shops/bank-account-changes",                      [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/shops/bank-account-changes/{key}",                [401, 403, 403, 403, OK,  403]),
    // The bank's certificate: the shop's merchant attaches it; he and the admins open it.
    ("PUT",    "/api/shops/bank-account-changes/{key}/certificate",    [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/shops/bank-account-changes/{key}/certificate",    [401, 403, OK,  403, OK,  403]),
    // The company's legal identity: admins holding the cities screen (the company's settings).
    ("GET",    "/api/settings/company",                                [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/settings/company",                                [401, 403, 403, 403, OK,  403]),
    // Failed attempts decided (issue 40): the merchant's and the admin's parcel screens; the
    // recipient on the public tracking page (the fixture's code and digits: 404).
    ("GET",    "/api/parcels/decisions",                               [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/parcels/{key}/decision",                          [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/tracking/{code}/decision",                        [OK,  OK,  OK,  OK,  OK,  OK ]),
    // The confirmation agents' queue: admin staff holding `confirmations`.
    ("POST",   "/api/confirmations/next",                              [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/confirmations/statistics",                        [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/confirmations/{parcel}",                          [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/settings/recipients",                             [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/settings/recipient-messages",                     [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/settings/recipient-messages",                     [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/settings/recipients",                             [401, 403, 403, 403, OK,  403]),
    // A recipient's history: counts only, for whoever creates or handles parcels (not the
    // delivery person).
    ("GET",    "/api/recipients/{phone}/history",                      [401, 403, OK,  403, OK,  403]),
    // Prices: the admin's client-costs screen; the merchant's pricing screen.
    ("GET",    "/api/costs",                                           [401, 403, 403, 403, OK,  403]),
    ("POST",   "/api/costs",                                           [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/costs/{key}",                                     [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/costs/{key}",                                     [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/pricing",                                         [401, 403, OK,  403, 403, 403]),
    // Parcels: every role reads its own scope; merchants create and edit, admins and delivery
    // people move them, admins reassign, the delivery person acknowledges an address change.
    ("GET",    "/api/parcels",                                         [401, 403, OK,  OK,  OK,  403]),
    ("POST",   "/api/parcels",                                         [401, 403, OK,  403, 403, 403]),
    ("POST",   "/api/parcels/import",                                  [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/parcels/import/template",                         [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/parcels/labels",                                  [401, 403, OK,  OK,  OK,  403]),
    ("POST",   "/api/parcels/states",                                  [401, 403, 403, OK,  OK,  403]),
    // Refused outcomes of the phones' queues: the admin's work queue, a delivery person's own.
    ("GET",    "/api/parcels/outcomes/unapplied",                      [401, 403, 403, OK,  OK,  403]),
    ("PUT",    "/api/parcels/outcomes/unapplied/{key}",                [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/parcels/outcomes/unapplied/{key}/seen",           [401, 403, 403, OK,  403, 403]),
    ("PUT",    "/api/parcels/delivery-admins/{deliveryAdmin}",         [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/parcels/{key}",                                   [401, 403, OK,  OK,  OK,  403]),
    ("PUT",    "/api/parcels/{key}",                                   [401, 403, OK,  403, 403, 403]),
    ("DELETE", "/api/parcels/{key}",                                   [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/parcels/{key}/states",                            [401, 403, OK,  OK,  OK,  403]),
    // A round's call: the delivery person holding the parcel only.
    ("POST",   "/api/parcels/{key}/calls",                             [401, 403, 403, OK,  403, 403]),
    ("GET",    "/api/parcels/{key}/proofs",                            [401, 403, OK,  OK,  OK,  403]),
    ("GET",    "/api/parcels/{key}/proofs/{proof}/{part}",             [401, 403, OK,  OK,  OK,  403]),
    ("POST",   "/api/parcels/{key}/undo",                              [401, 403, 403, OK,  OK,  403]),
    ("PUT",    "/api/parcels/{key}/cancel",                            [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/parcels/{key}/change-address",                    [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/parcels/{key}/acknowledge-address",               [401, 403, 403, OK,  403, 403]),
    ("GET",    "/api/states",                                          [401, 403, OK,  OK,  OK,  OK ]),
    ("GET",    "/api/statistics",                                      [401, 403, OK,  OK,  OK,  OK ]),
    ("GET",    "/api/tracking/{code}",                                 [OK,  OK,  OK,  OK,  OK,  OK ]),
    // Pickup vouchers: the merchant makes them, the admin receives them.
    ("GET",    "/api/pickup-vouchers",                                 [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/pickup-vouchers",                                 [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/pickup-vouchers/pickup",                          [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/pickup-vouchers/parcels/{parcelKey}",             [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/pickup-vouchers/{key}",                           [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/pickup-vouchers/{key}",                           [401, 403, OK,  403, 403, 403]),
    ("DELETE", "/api/pickup-vouchers/{key}",                           [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/pickup-vouchers/{key}/pdf",                       [401, 403, OK,  403, OK,  403]),
    // Exit vouchers: the admin ships; the admin and the delivery person read them.
    ("PUT",    "/api/parcels/delivery",                                [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/exit-vouchers",                                   [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/exit-vouchers/{key}",                             [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/exit-vouchers/{key}/pdf",                         [401, 403, 403, OK,  OK,  403]),
    // Return vouchers: the delivery person (or an admin for him) makes them, the admin receives.
    ("GET",    "/api/return-vouchers",                                 [401, 403, 403, OK,  OK,  403]),
    ("POST",   "/api/return-vouchers",                                 [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/return-vouchers/{key}",                           [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/return-vouchers/{key}/pdf",                       [401, 403, 403, OK,  OK,  403]),
    ("PUT",    "/api/return-vouchers/{key}/receive",                   [401, 403, 403, 403, OK,  403]),
    // Client invoices: admins draft, validate and pay; merchants read their own.
    ("GET",    "/api/shops/unpaid/{type}",                             [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/shops/unpaid/{type}/{shop}",                      [401, 403, 403, 403, OK,  403]),
    ("POST",   "/api/clients/invoices",                                [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/clients/invoices",                                [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/clients/invoices/transfers",                      [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/clients/invoices/{key}",                          [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/clients/invoices/{key}",                          [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/clients/invoices/{key}",                          [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/clients/invoices/{key}/pdf",                      [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/clients/parcels/invoices/{invoiceKey}",           [401, 403, OK,  403, OK,  403]),
    // Delivery invoices: the delivery person declares his own, the admin counts and validates.
    ("GET",    "/api/delivery-admins/parcels/unpaid",                  [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/delivery-admins/{deliveryAdmin}/parcels/unpaid",  [401, 403, 403, OK,  OK,  403]),
    ("POST",   "/api/delivery-admins/invoices",                        [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/delivery-admins/invoices",                        [401, 403, 403, OK,  OK,  403]),
    ("PUT",    "/api/delivery-admins/invoices/parcels/{parcel}",       [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/delivery-admins/invoices/{key}",                  [401, 403, 403, OK,  OK,  403]),
    ("PUT",    "/api/delivery-admins/invoices/{key}",                  [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/delivery-admins/invoices/{key}",                  [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/delivery-admins/invoices/{key}/pdf",              [401, 403, 403, OK,  OK,  403]),
    ("GET",    "/api/delivery-admins/parcels/invoices/{invoiceKey}",   [401, 403, 403, OK,  OK,  403]),
    // Courier balances: admins of the delivery invoices, delivery people and delivery invoice
    // drafting screens read them; the delivery person his own (another's key: 404); only the
    // delivery invoices screen settles.
    // Merchant accounts: admins of the client invoices and merchants list read and settle them;
    // a merchant reads his own (another's key: 404).
    ("GET",    "/api/clients/balances",                                [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/clients/{key}/balance",                           [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/clients/{key}/balance",                           [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/delivery-admins/balances",                        [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/delivery-admins/{key}/balance",                   [401, 403, 403, OK,  OK,  403]),
    ("POST",   "/api/delivery-admins/{key}/balance",                   [401, 403, 403, 403, OK,  403]),
    // Support tickets: the merchant opens them, both sides write and close (permission support).
    ("GET",    "/api/tickets",                                         [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/tickets/unread",                                  [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/tickets/{key}",                                   [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/tickets",                                         [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/tickets",                                         [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/tickets/{key}/messages",                          [401, 403, OK,  403, OK,  403]),
    ("DELETE", "/api/tickets/{ticket}/messages/{message}",             [401, 403, OK,  403, OK,  403]),
    // Announcements: every active user reads those for him; staff holding announcements publish.
    ("GET",    "/api/announcements",                                   [401, 403, OK,  OK,  OK,  OK ]),
    ("POST",   "/api/announcements",                                   [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/announcements/{key}",                             [401, 403, 403, 403, OK,  403]),
    // Guides: merchants, delivery people (those written for them) and staff read them (permission
    // guide); staff write them.
    ("GET",    "/api/guides",                                          [401, 403, OK,  OK,  OK,  403]),
    ("GET",    "/api/guides/{key}",                                    [401, 403, OK,  OK,  OK,  403]),
    ("POST",   "/api/guides",                                          [401, 403, 403, 403, OK,  403]),
    ("PUT",    "/api/guides/{key}",                                    [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/guides/{key}",                                    [401, 403, 403, 403, OK,  403]),
    // The activity log: every dashboard shows the caller's (the delivery person's home too).
    ("GET",    "/api/activities",                                      [401, 403, OK,  OK,  OK,  OK ]),
    ("GET",    "/api/activities/actions",                              [401, 403, OK,  OK,  OK,  OK ]),
    // Its CSV export: admins holding the dashboard (the log's screen).
    ("GET",    "/api/activities/export",                               [401, 403, 403, 403, OK,  OK ]),
    // The top bar's search: every active user (each group within his own rights).
    ("GET",    "/api/search",                                          [401, 403, OK,  OK,  OK,  OK ]),
    // Stock (inventory-management): merchants their own products, entries and slips; admins
    // decide services and movements and record adjustments; delivery people nothing. The
    // parcel form (add-new-parcels) reads products too.
    ("GET",    "/api/inventory/types",                                 [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/inventory/states",                                [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/inventory/clients",                               [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/inventory/clients",                               [401, 403, OK,  403, 403, 403]),
    ("PUT",    "/api/inventory/clients/{client}",                      [401, 403, 403, 403, OK,  403]),
    ("GET",    "/api/inventories",                                     [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/inventories",                                     [401, 403, OK,  403, 403, 403]),
    ("POST",   "/api/inventories/import",                              [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/inventories/import/template",                     [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/inventories/movements",                           [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/inventories/movements",                           [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/inventories/movements/{key}",                     [401, 403, 403, 403, OK,  403]),
    ("DELETE", "/api/inventories/movements/{key}",                     [401, 403, OK,  403, OK,  403]),
    ("POST",   "/api/inventories/entries",                             [401, 403, OK,  403, 403, 403]),
    ("GET",    "/api/inventories/entries/{key}/pdf",                   [401, 403, OK,  403, OK,  403]),
    ("GET",    "/api/inventories/{key}",                               [401, 403, OK,  403, OK,  403]),
    ("PUT",    "/api/inventories/{key}",                               [401, 403, OK,  403, 403, 403]),
];

/// The routes the gateway serves, as (method, path).
fn served() -> std::collections::BTreeSet<(String, &'static str)> {
    table()
        .iter()
        .map(|e| (e.method.to_string(), e.path))
        .collect()
}

/// The matrix rows of routes the gateway serves.
fn rows() -> Vec<&'static (&'static str, &'static str, [u16; 6])> {
    let served = served();
    MATRIX
        .iter()
        .filter(|(method, path, _)| served.contains(&(method.to_string(), *path)))
        .collect()
}

#[test]
fn the_matrix_has_exactly_one_row_per_route_of_the_table() {
    let served = served();
    let mut rows = std::collections::BTreeSet::new();
    for (method, path, _) in MATRIX {
        assert!(
            rows.insert((method.to_string(), *path)),
            "{method} {path}: two rows"
        );
    }
    let without_row: Vec<_> = served.difference(&rows).collect();
    let not_served: Vec<_> = rows.difference(&served).collect();
    assert!(
        without_row.is_empty(),
        "routes without a row in the authorization matrix (add one, reviewed): {without_row:?}"
    );
    assert!(
        not_served.is_empty(),
        "rows for routes the gateway does not serve: {not_served:?}"
    );
    assert!(served.len() >= 90, "{} routes", served.len());
}

/// A caller's account (none for the anonymous caller), made once for the whole matrix.
fn account_for(app: &TestApp, caller: Caller) -> Option<String> {
    let email = format!("{caller:?}@matrix.ma").to_lowercase();
    match caller {
        Caller::Anonymous => return None,
        Caller::InactiveMerchant => {
            app.create_user(Role::Merchant, &email, false, None);
        }
        Caller::Merchant => {
            app.create_user(Role::Merchant, &email, true, None);
        }
        Caller::DeliveryPerson => {
            app.create_user(Role::DeliveryPerson, &email, true, None);
        }
        Caller::Admin => {
            app.create_user(Role::Admin, &email, true, None);
        }
        Caller::StaffWithoutPermission => {
            app.create_admin_staff(&email, &["dashboard"]);
        }
    }
    Some(email)
}

/// A client signed in as the account (anonymous without one), holding the CSRF cookie like the
/// web app, so the matrix tests authorization, not CSRF.
async fn signed_in(app: &TestApp, account: Option<&str>) -> TestClient {
    let client = app.client();
    client.get("/sanctum/csrf-cookie").await.assert_status(204);
    if let Some(email) = account {
        client.login(email, PASSWORD).await.assert_status(200);
    }
    client
}

/// The path with a made-up key in each `{name}` segment.
fn concrete_path(path: &str) -> String {
    path.split('/')
        .map(|segment| {
            if segment.starts_with('{') {
                "ZZZZZZZZ"
            } else {
                segment
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn shown(expected: u16) -> String {
    match expected {
        OK => "to pass authorization (not 401/403)".to_owned(),
        code => code.to_string(),
    }
}

#[actix_rt::test]
async fn every_route_answers_each_caller_as_its_matrix_row_says() {
    // The login row fails on purpose for every caller, and sign-outs are followed by sign-ins:
    // lift the throttle.
    let app = TestApp::spawn_with_throttle(colivra_auth::throttle::SignInThrottle {
        per_account: 100_000,
        per_address: 100_000,
        window_seconds: 60,
    })
    .await;
    let rows = rows();
    let accounts: Vec<Option<String>> = CALLERS.iter().map(|c| account_for(&app, *c)).collect();
    let mut merchants = Vec::new();
    for account in &accounts {
        merchants.push(signed_in(&app, account.as_deref()).await);
    }
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (method, path, answers) in &rows {
        let method = Method::from_bytes(method.as_bytes()).unwrap();
        for (index, (caller, expected)) in CALLERS.into_iter().zip(*answers).enumerate() {
            let client = &merchants[index];
            let body = (method != Method::GET).then(|| json!({}));
            let res = client
                .request(method.clone(), &concrete_path(path), body)
                .await;
            let right = match expected {
                OK => res.status != 401 && res.status != 403 && res.status < 500,
                code => res.status == code,
            };
            if !right {
                wrong.push(format!(
                    "{method} {path} as {caller:?}: expected {}, got {}: {}",
                    shown(expected),
                    res.status,
                    res.text.chars().take(160).collect::<String>()
                ));
            }
            checked += 1;
            // Each cell runs in a live session: a row that ended it (sign-out, the sessions
            // list) is followed by a new sign-in, as a fresh session per cell would be.
            if accounts[index].is_some() && client.get("/api/user").await.status == 401 {
                merchants[index] = signed_in(&app, accounts[index].as_deref()).await;
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} cells differ from the matrix:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(checked, rows.len() * CALLERS.len());
    assert!(checked >= 90 * CALLERS.len());
}

#[test]
fn the_openapi_document_lists_every_route_of_the_table() {
    let document = serde_json::to_value(colivra_gateway::openapi::document()).unwrap();
    for endpoint in table() {
        let method = endpoint.method.as_str().to_lowercase();
        assert!(
            document["paths"][endpoint.path][&method].is_object(),
            "{} {} missing from the OpenAPI document",
            endpoint.method,
            endpoint.path
        );
    }
}

#[test]
fn no_route_is_declared_twice() {
    let mut seen = std::collections::HashSet::new();
    for endpoint in table() {
        assert!(
            seen.insert((endpoint.method.to_string(), endpoint.path)),
            "{} {}",
            endpoint.method,
            endpoint.path
        );
    }
}
