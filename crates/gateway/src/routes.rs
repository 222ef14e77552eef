//! The route table: every API endpoint, once. A row names the method, the path, who may call it
//! (role and permission names), the handler, a tag and a summary. What the handler reads and
//! answers comes from its argument and return types (see [`crate::api`]): the gateway mounts the
//! routes, the OpenAPI document is derived and the authorization matrix test walks the same rows.

use actix_web::http::Method;
use actix_web::{web, Route};
use colivra_core::permissions::*;
use colivra_core::Role;

use colivra_invoicing::view::{DeliveryInvoices, MerchantInvoices};

use crate::access::*;
use crate::api::OperationDoc;
use crate::handlers::vouchers::{self, EXIT, PICKUP, RETURN};
use crate::handlers::{
    accounts, balances, cities, confirmations, delivery_people, inventory, invoices, notifications,
    parcels, prices, proofs, recipients, session, shops, staff, support, tokens, webhooks,
};

#[derive(Clone)]
pub struct Endpoint {
    pub method: Method,
    /// Full path, with `{name}` segments.
    pub path: &'static str,
    pub access: Access,
    pub summary: &'static str,
    pub tag: &'static str,
    /// What it may refuse beyond what every operation of its kind may answer: 404 when a key in
    /// the body or the query names nothing in the caller's scope, 409 when the resource's state
    /// refuses the change, 429 when a limit is reached.
    pub refuses: &'static [u16],
    pub route: fn() -> Route,
    /// Honours `Idempotency-Key`: the same request sent again gets the first answer (see
    /// `middleware::idempotency`).
    pub idempotent: bool,
    /// The handler's types' description (body, query, success answer).
    pub describe: fn(&mut OperationDoc),
}

macro_rules! endpoint {
    ($method:ident $path:literal, $access:expr, $handler:path, $tag:literal, $summary:literal $(, refuses: [$($code:literal),*])? $(, idempotent: $idempotent:literal)?) => {
        Endpoint {
            method: Method::$method,
            path: $path,
            access: $access,
            summary: $summary,
            tag: $tag,
            refuses: &[$($($code),*)?],
            route: || web::route().to($handler),
            idempotent: false $(|| $idempotent)?,
            describe: crate::api::describer(&$handler),
        }
    };
}

pub fn table() -> Vec<Endpoint> {
    use Access::*;
    vec![
        endpoint!(POST "/api/login", Public, session::login, "session", "Sign in with e-mail and password", refuses: [429]),
        endpoint!(POST "/api/logout", SignedIn, session::logout, "session", "Sign out: the server-side session ends"),
        endpoint!(GET "/api/logout", SignedIn, session::logout, "session", "Sign out (needs the X-XSRF-TOKEN header)"),
        endpoint!(GET "/api/user", SignedIn, session::current_user, "session", "The signed-in user"),
        endpoint!(GET "/api/sessions", SIGNED_IN_SESSION, session::list_sessions, "session", "One's live sessions (device, address, last seen), the current one marked"),
        endpoint!(DELETE "/api/sessions", SIGNED_IN_SESSION, session::end_other_sessions, "session", "End every other session of one's own"),
        endpoint!(DELETE "/api/sessions/{key}", SIGNED_IN_SESSION, session::end_session, "session", "End one of one's sessions (the current one: signed out)"),
        endpoint!(POST "/api/clients", Public, accounts::register_merchant, "accounts", "Register a merchant account (inactive until an admin activates it)"),
        endpoint!(PUT "/api/users", SIGNED_IN_SESSION, accounts::update_profile, "accounts", "Update one's own profile and password"),
        endpoint!(PUT "/api/users/language", SIGNED_IN_SESSION, accounts::set_language, "accounts", "Keep the web app's language with one's account ({language: fr|en|ar}); `GET /api/user` returns it"),
        endpoint!(GET "/api/users/notices", SignedIn, notifications::notices, "accounts", "The e-mail notices one's account may get, each on or off; security messages (password, payout account) are always sent"),
        endpoint!(PUT "/api/users/notices", SignedIn, notifications::set_notices, "accounts", "Turn notices off ({disabled: [kind]}; every other one on); a security message cannot be (422)"),
        endpoint!(POST "/api/password/forgotten", Public, notifications::forgotten, "session", "« Mot de passe oublié ? »: e-mails a single-use link (30 minutes) to the active account of {email}; the same 202 whether there is one or not; 429 past 3 requests per address asked for or 20 per caller in 15 minutes", refuses: [429]),
        endpoint!(POST "/api/password/reset", Public, notifications::reset, "session", "Choose a new password with a link's token ({token, password, password_confirmation}): every session of the account ends; a used, replaced or expired link: 422 on token"),
        endpoint!(POST "/api/recipient-messages/{key}/stop", Public, notifications::stop_recipient_messages, "messages", "A recipient's STOP (the /desinscription/{key} link his message ends with): the phone it went to gets no message again; 404 for an unknown key; again: the same 200; 30 a minute per caller with the tracking page, then 429", refuses: [429]),
        endpoint!(GET "/api/messages", Active { roles: ADMIN, permissions: &["dashboard"] }, notifications::list, "messages", "Every message sent to people (e-mails; SMS and WhatsApp to recipients), newest first, with its attempts: ?q= recipient (or part), ?channel=, ?kind=, ?status=pending|sent|failed"),
        endpoint!(POST "/api/messages/{key}/resend", Active { roles: ADMIN, permissions: &["dashboard"] }, notifications::resend, "messages", "Send a message again: a copy queued now (409 for a link to choose a password: ask for a new one; 409 for a recipient's message to a phone that asked to stop)", refuses: [409]),
        endpoint!(GET "/api/clients", Active { roles: ADMIN, permissions: &["clients", "client-costs"] }, accounts::list_merchants, "accounts", "Merchant accounts: ?status=new|activated|all, ?q= name, e-mail, phone or company"),
        endpoint!(PUT "/api/clients/{client}", Active { roles: ADMIN, permissions: &["clients"] }, accounts::update_merchant, "accounts", "Edit a merchant: active, names, phone, e-mail, company, permissions (client menu route names)"),
        endpoint!(DELETE "/api/clients/{client}", Active { roles: ADMIN, permissions: &["clients"] }, accounts::delete_merchant, "accounts", "Delete a merchant with its shops, prices and staff (409 once it has parcels: deactivate it)", refuses: [409]),
        endpoint!(GET "/api/delivery-admins", Active { roles: ADMIN, permissions: &["deliverymen", "delivery-exit-vouchers", "create-delivery-invoice", "delivery-invoices", "all-parcels", "sent-parcels", "parcels-to-be-returned", "delivery-return-vouchers"] }, delivery_people::list, "delivery people", "Delivery people with the cities they serve: ?q=&active=&city=CITY_KEY"),
        endpoint!(POST "/api/delivery-admins", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::create, "delivery people", "Create a delivery person account"),
        endpoint!(PUT "/api/delivery-admins/{key}", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::update, "delivery people", "Edit a delivery person; {active: false} deactivates and ends his sessions"),
        endpoint!(DELETE "/api/delivery-admins/{key}", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::delete, "delivery people", "Delete a delivery person (409 once parcels were given to him: deactivate him)", refuses: [409]),
        endpoint!(GET "/api/delivery-admins/calls", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::call_checks, "delivery people", "Per delivery person, the failed attempts of a period (?from, ?to: the last 30 days) and how many were recorded without a call from the round in the 15 minutes before (most first)"),
        endpoint!(POST "/api/delivery-admins/cities", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::add_city, "delivery people", "Add a city a delivery person serves, with his commissions there (centimes)", refuses: [404]),
        endpoint!(PUT "/api/delivery-admins/{deliveryAdmin}/cities/{city}", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::update_city, "delivery people", "Change his commissions in one city"),
        endpoint!(DELETE "/api/delivery-admins/{deliveryAdmin}/cities/{city}", Active { roles: ADMIN, permissions: &["deliverymen"] }, delivery_people::remove_city, "delivery people", "Stop him serving a city"),
        endpoint!(GET "/api/managers", Active { roles: ADMIN_OR_MERCHANT, permissions: &["staff"] }, staff::list::<false>, "staff", "Admin staff accounts (admins) or one's merchant team (merchants)"),
        endpoint!(POST "/api/managers", Active { roles: ADMIN_OR_MERCHANT, permissions: &["staff"] }, staff::create::<false>, "staff", "Create a staff account with permissions the caller holds himself (403 otherwise)"),
        endpoint!(PUT "/api/managers/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: &["staff"] }, staff::update::<false>, "staff", "Edit a staff account, its permissions, or deactivate it", refuses: [409]),
        endpoint!(DELETE "/api/managers/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: &["staff"] }, staff::delete::<false>, "staff", "Delete a staff account", refuses: [409]),
        endpoint!(GET "/api/admins", Active { roles: ADMIN, permissions: &["staff"] }, staff::list::<true>, "staff", "Full admins"),
        endpoint!(POST "/api/admins", Active { roles: ADMIN, permissions: &["staff"] }, staff::create::<true>, "staff", "Create a full admin (full admins only)"),
        endpoint!(PUT "/api/admins/{key}", Active { roles: ADMIN, permissions: &["staff"] }, staff::update::<true>, "staff", "Edit a full admin (full admins only)", refuses: [409]),
        endpoint!(DELETE "/api/admins/{key}", Active { roles: ADMIN, permissions: &["staff"] }, staff::delete::<true>, "staff", "Delete a full admin (full admins only; not oneself)", refuses: [409]),
        endpoint!(POST "/api/tokens", MERCHANT_SESSION, tokens::create_token, "tokens", "Create a personal API token (shown once)"),
        endpoint!(GET "/api/tokens", MERCHANT_SESSION, tokens::list_tokens, "tokens", "List one's personal API tokens"),
        endpoint!(GET "/api/cities/served", Public, cities::served_cities, "cities", "The active cities' names (key, name), for the registration form: no sign-in, no fees"),
        endpoint!(GET "/api/cities", Active { roles: EVERY_ROLE, permissions: NEEDS_CITIES }, cities::list_cities, "cities", "Cities served with their fees (admins also see inactive ones)"),
        endpoint!(POST "/api/cities", Active { roles: ADMIN, permissions: &["cities"] }, cities::create_city, "cities", "Add a city with its delivery, return and refusal fees (centimes)"),
        endpoint!(PUT "/api/cities/{key}", Active { roles: ADMIN, permissions: &["cities"] }, cities::update_city, "cities", "Edit a city; {active: false} deactivates it"),
        endpoint!(DELETE "/api/cities/{key}", Active { roles: ADMIN, permissions: &["cities"] }, cities::delete_city, "cities", "Delete a city nobody uses (409 otherwise: deactivate it)", refuses: [409]),
        endpoint!(GET "/api/shops", Active { roles: ADMIN_OR_MERCHANT, permissions: &["shops", "clients", "add-new-parcels"] }, shops::list_shops, "shops", "Shops: a merchant's own; admins all, or one merchant's with ?client=KEY"),
        endpoint!(POST "/api/shops", Active { roles: MERCHANT, permissions: &["shops"] }, shops::create_shop, "shops", "Create a shop for one's merchant account"),
        endpoint!(PUT "/api/shops/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: &["shops", "clients"] }, shops::update_shop, "shops", "Edit a shop (a merchant: his own; an admin: any, from the clients screen). A merchant's new bank_account answers 202: it waits for an admin's approval; an admin's applies at once", refuses: [409]),
        endpoint!(GET "/api/shops/bank-account-changes", Active { roles: ADMIN, permissions: &["clients"] }, shops::list_bank_account_changes, "shops", "Shops' RIB changes, RIBs masked: ?status=pending (the work queue, oldest first)|approved|refused|replaced&shop=&client="),
        endpoint!(PUT "/api/shops/bank-account-changes/{key}/certificate", Active { roles: MERCHANT, permissions: &["shops"] }, shops::attach_bank_account_certificate, "shops", "Attach the bank's certificate to one's pending RIB change (the body: PDF, JPEG or PNG, typed by its content, 2 MB at most; 409 once decided)", refuses: [409]),
        endpoint!(GET "/api/shops/bank-account-changes/{key}/certificate", Active { roles: ADMIN_OR_MERCHANT, permissions: &["shops", "clients"] }, shops::bank_account_certificate, "shops", "A RIB change's certificate (the shop's merchant and admins; never cached)"),
        endpoint!(PUT "/api/shops/bank-account-changes/{key}", Active { roles: ADMIN, permissions: &["clients"] }, shops::decide_bank_account_change, "shops", "Approve or refuse a pending RIB change ({status: approved|refused, comment?}; a refusal needs a comment; 409 once decided)", refuses: [409]),
        endpoint!(GET "/api/settings/company", Active { roles: ADMIN, permissions: &["cities"] }, shops::company_settings, "settings", "The company's legal identity printed on invoices and vouchers (configured: false until set)"),
        endpoint!(PUT "/api/settings/company", Active { roles: ADMIN, permissions: &["cities"] }, shops::update_company_settings, "settings", "Set the company's legal identity and invoicing settings ({name, address, ice, if, rc, patente?, cnss?, invoices_in_reader_language?, tva_rate?, tva_exemption?, pay_before_cash_in?})"),
        endpoint!(GET "/api/costs", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::list_costs, "prices", "Merchants' own prices per city (?client=KEY for one merchant)"),
        endpoint!(POST "/api/costs", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::create_cost, "prices", "Give a merchant its own price for a city"),
        endpoint!(PUT "/api/costs/{key}", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::update_cost, "prices", "Change a merchant's price for a city"),
        endpoint!(DELETE "/api/costs/{key}", Active { roles: ADMIN, permissions: &["client-costs"] }, prices::delete_cost, "prices", "Remove a merchant's own price: the city's applies again"),
        endpoint!(GET "/api/pricing", Active { roles: MERCHANT, permissions: &["pricing"] }, prices::my_pricing, "prices", "One's effective price for every active city, overrides marked"),
        endpoint!(GET "/api/recipients/{phone}/history", Active { roles: &[Role::Merchant, Role::Admin], permissions: PARCEL_SCREENS }, recipients::history, "parcels", "A recipient's history across every merchant, by phone: parcels delivered and failed, failed attempts, and the band the company's thresholds give (counts only)"),
        endpoint!(POST "/api/confirmations/next", Active { roles: ADMIN, permissions: &["confirmations"] }, confirmations::next, "confirmations", "The confirmation agent's next parcel « à confirmer »: the one he holds, else the first callable one nobody holds, leased to him for 10 minutes (204 when none is waiting)"),
        endpoint!(GET "/api/confirmations/statistics", Active { roles: ADMIN, permissions: &["confirmations"] }, confirmations::statistics, "confirmations", "Confirmation calls of a period (?from, ?to: the last 30 days) per agent and per merchant (confirmation rate, time to confirm) and the queue now"),
        endpoint!(PUT "/api/confirmations/{parcel}", Active { roles: ADMIN, permissions: &["confirmations"] }, confirmations::decide, "confirmations", "Record the agent's call ({outcome: confirmed|cancelled|no_answer|wrong_number, retry_at?, comment?, recipient_phone?, address?}): confirmed goes on as new (corrections noted, the merchant's fee added), cancelled needs the reason, no answer is called again (given up after the company's tries), wrong number is given up; 409 when another agent holds it or it was decided", refuses: [409]),
        endpoint!(GET "/api/settings/recipient-messages", Active { roles: ADMIN, permissions: &["cities"] }, notifications::recipient_messages, "settings", "Whether parcels' recipients get SMS or WhatsApp messages (out for delivery, failed attempt, order to confirm): {enabled, channel: sms|whatsapp|null, what the server's environment configures, read-only}"),
        endpoint!(PUT "/api/settings/recipient-messages", Active { roles: ADMIN, permissions: &["cities"] }, notifications::set_recipient_messages, "settings", "Turn recipients' messages on or off ({enabled}); a merchant turns them off for his parcels with the notice recipient_messages"),
        endpoint!(GET "/api/settings/recipients", Active { roles: ADMIN, permissions: &["cities"] }, recipients::policy, "settings", "The recipients' bands: thresholds, what creation does for a recipient « à confirmer » or « risqué » (warn or refuse), the months counted"),
        endpoint!(PUT "/api/settings/recipients", Active { roles: ADMIN, permissions: &["cities"] }, recipients::update_policy, "settings", "Set the recipients' bands ({to_confirm_percent, risky_percent, risky_min_failed, to_confirm_action, risky_action, months_kept})"),
        endpoint!(GET "/api/parcels", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::list, "parcels", "Parcels in the caller's scope: ?view=&status=&city=&shop=&client=&delivery_admin=&from=&to=&q=&sort=&cursor="),
        endpoint!(POST "/api/parcels", Active { roles: MERCHANT, permissions: &["add-new-parcels"] }, parcels::create, "parcels", "Create a parcel (fees snapshot taken now)", idempotent: true),
        endpoint!(POST "/api/parcels/import", Active { roles: MERCHANT, permissions: &["add-new-parcels"] }, parcels::import_file, "parcels", "Import a CSV or xlsx file (the body): ?dry_run=true previews; otherwise all rows or none", idempotent: true),
        endpoint!(GET "/api/parcels/import/template", Active { roles: MERCHANT, permissions: &["add-new-parcels"] }, parcels::import_template, "parcels", "The import template (CSV)"),
        endpoint!(GET "/api/parcels/labels", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::labels, "parcels", "Labels as a PDF: ?parcels=CODE1,CODE2&layout=a6|a4", refuses: [404]),
        endpoint!(POST "/api/parcels/states", Active { roles: &[Role::Admin, Role::DeliveryPerson], permissions: ADMIN_PARCEL_WRITES }, parcels::post_state, "parcels", "Move a parcel to a status ({parcel, status, comment, date, position?, no_call_reason?}); admins force with a comment; a delivery person's failed attempt without a call in the 15 minutes before needs no_call_reason", refuses: [404, 409], idempotent: true),
        endpoint!(GET "/api/parcels/outcomes/unapplied", Active { roles: &[Role::Admin, Role::DeliveryPerson], permissions: ADMIN_PARCEL_WRITES }, parcels::list_unapplied_outcomes, "parcels", "Outcomes sent from a phone's queue that the server refused, with the cash they imply: ?status=open (the work queue, oldest first)|resolved&parcel=CODE (admins: all; a delivery person: his own)"),
        endpoint!(PUT "/api/parcels/outcomes/unapplied/{key}", Active { roles: ADMIN, permissions: ADMIN_PARCEL_WRITES }, parcels::resolve_unapplied_outcome, "parcels", "Resolve a refused outcome ({resolution: apply|cash_returned|dismiss, comment}; dismiss needs a comment; apply records it now if the parcel's status allows; 409 once resolved)", refuses: [409]),
        endpoint!(PUT "/api/parcels/outcomes/unapplied/{key}/seen", Active { roles: &[Role::DeliveryPerson], permissions: &[] }, parcels::see_unapplied_outcome, "parcels", "The delivery person marks one of his refused outcomes seen (it stays on record)"),
        endpoint!(PUT "/api/parcels/delivery-admins/{deliveryAdmin}", Active { roles: ADMIN, permissions: ADMIN_PARCEL_WRITES }, parcels::reassign, "parcels", "Give parcels out for delivery to another delivery person", refuses: [409]),
        endpoint!(GET "/api/parcels/decisions", Active { roles: ADMIN_OR_MERCHANT, permissions: PARCEL_SCREENS }, parcels::decisions, "parcels", "Parcels whose failed attempt (no answer, unreachable, wrong number, postponed, refused at the door) waits for a decision, each with when the company's default applies (a merchant: his; an admin: all); the list's filters and paging"),
        endpoint!(GET "/api/parcels/{key}", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::show, "parcels", "One parcel"),
        endpoint!(PUT "/api/parcels/{key}", Active { roles: MERCHANT, permissions: MERCHANT_PARCEL_WRITES }, parcels::update, "parcels", "Edit a new parcel", refuses: [409]),
        endpoint!(DELETE "/api/parcels/{key}", Active { roles: MERCHANT, permissions: MERCHANT_PARCEL_WRITES }, parcels::delete, "parcels", "Delete a new parcel", refuses: [409]),
        endpoint!(GET "/api/parcels/{key}/states", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, parcels::states, "parcels", "The parcel's history, oldest first: status labels and the server's notes rendered in the `Accept-Language` language (French unless it prefers English or Arabic)"),
        endpoint!(POST "/api/parcels/{key}/calls", Active { roles: &[Role::DeliveryPerson], permissions: &[] }, parcels::record_call, "parcels", "A call the delivery person placed from his round to the recipient of a parcel he holds ({started_at, duration_seconds?}): his « pas de réponse », « injoignable » or « numéro erroné » within 15 minutes after it needs no reason; 409 once the parcel left his round", refuses: [404, 409], idempotent: true),
        endpoint!(GET "/api/parcels/{key}/proofs", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, proofs::list, "parcels", "The parcel's proofs of delivery, newest first: who signed, where, whether a signature or a photo was kept (the parcel's merchant, admins, its delivery person)"),
        endpoint!(GET "/api/parcels/{key}/proofs/{proof}/{part}", Active { roles: EVERY_ROLE, permissions: PARCEL_SCREENS }, proofs::image, "parcels", "One image of a proof of delivery: part = signature or photo (404 when the proof has none)"),
        endpoint!(POST "/api/parcels/{key}/undo", Active { roles: &[Role::Admin, Role::DeliveryPerson], permissions: ADMIN_PARCEL_WRITES }, parcels::undo, "parcels", "Undo one's own latest status change of the parcel, within `undo_minutes` minutes (default 5): it goes back as it was, with a history row", refuses: [409]),
        endpoint!(PUT "/api/parcels/{key}/cancel", Active { roles: MERCHANT, permissions: MERCHANT_PARCEL_WRITES }, parcels::cancel, "parcels", "Cancel a parcel not yet picked up ({comment?})", refuses: [409]),
        endpoint!(PUT "/api/parcels/{key}/decision", Active { roles: ADMIN_OR_MERCHANT, permissions: DECISION_SCREENS }, parcels::decide, "parcels", "Decide a failed attempt ({action: reattempt|update|return, date?, recipient_phone?, address?, comment?}): another attempt « programmé » on the date (tomorrow by default; with new details for update, flagged for the delivery person), or the return; 409 when the parcel waits for no decision", refuses: [409]),
        endpoint!(PUT "/api/parcels/{key}/change-address", Active { roles: MERCHANT, permissions: MERCHANT_PARCEL_WRITES }, parcels::change_address, "parcels", "Change the recipient's phone, city or address until delivery", refuses: [409]),
        endpoint!(PUT "/api/parcels/{key}/acknowledge-address", Active { roles: &[Role::DeliveryPerson], permissions: &[] }, parcels::acknowledge_address, "parcels", "The delivery person confirms he saw an address change", refuses: [409]),
        endpoint!(GET "/api/states", Active { roles: EVERY_ROLE, permissions: &[] }, parcels::statuses, "parcels", "Every parcel status: key, label in the `Accept-Language` language (French unless it prefers English or Arabic), whether posting it needs a date or a comment"),
        endpoint!(GET "/api/statistics", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, parcels::statistics, "parcels", "Dashboard figures in the caller's scope"),
        endpoint!(POST "/api/tracking/{code}/decision", Public, parcels::recipient_decision, "parcels", "The recipient's choice after a failed attempt ({phone_last4, action: reattempt|cancel, date?, note?}); a wrong code or wrong digits answer 404 like an unknown code (5 in 15 minutes per address and per code, then 429); 409 when the parcel waits for no decision", refuses: [409, 429]),
        endpoint!(GET "/api/tracking/{code}", Public, parcels::track, "parcels", "Public tracking: status, city and dates only (30 look-ups a minute per address)", refuses: [429]),
        endpoint!(GET "/api/pickup-vouchers", Active { roles: ADMIN_OR_MERCHANT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::list::<PICKUP>, "vouchers", "Pickup vouchers (merchant: his own; admin: all): ?status=new|received&client=KEY&q=&sort="),
        endpoint!(POST "/api/pickup-vouchers", Active { roles: MERCHANT, permissions: &["pickup-vouchers"] }, vouchers::create_pickup, "vouchers", "Create a pickup voucher from new parcels of one shop ({parcels}); they go awaiting_pickup", refuses: [409]),
        endpoint!(PUT "/api/pickup-vouchers/pickup", Active { roles: ADMIN, permissions: &["new-pickup-vouchers", "all-pickup-vouchers"] }, vouchers::receive_pickup, "vouchers", "Receive a pickup voucher ({voucher, parcels}: those collected go picked_up, the others back to new)", refuses: [404, 409]),
        endpoint!(PUT "/api/pickup-vouchers/parcels/{parcelKey}", Active { roles: MERCHANT, permissions: &["pickup-vouchers"] }, vouchers::remove_from_pickup, "vouchers", "Take a parcel off its pickup voucher (back to new)", refuses: [409]),
        endpoint!(GET "/api/pickup-vouchers/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::show::<PICKUP>, "vouchers", "A pickup voucher with its parcels"),
        endpoint!(PUT "/api/pickup-vouchers/{key}", Active { roles: MERCHANT, permissions: &["pickup-vouchers"] }, vouchers::add_to_pickup, "vouchers", "Add new parcels of the same shop to a pickup voucher not yet received ({parcels})", refuses: [409]),
        endpoint!(DELETE "/api/pickup-vouchers/{key}", Active { roles: MERCHANT, permissions: &["pickup-vouchers"] }, vouchers::delete_pickup, "vouchers", "Delete a pickup voucher not yet received: its parcels go back to new", refuses: [409]),
        endpoint!(GET "/api/pickup-vouchers/{key}/pdf", Active { roles: ADMIN_OR_MERCHANT, permissions: PICKUP_VOUCHER_SCREENS }, vouchers::print::<PICKUP>, "vouchers", "The pickup voucher as a PDF"),
        endpoint!(PUT "/api/parcels/delivery", Active { roles: ADMIN, permissions: &["delivery-exit-vouchers"] }, vouchers::ship, "vouchers", "Ship picked-up parcels with a delivery person ({delivery_admin, parcels, force}): one exit voucher, parcels out for delivery", refuses: [409]),
        endpoint!(GET "/api/exit-vouchers", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: EXIT_VOUCHER_SCREENS }, vouchers::list::<EXIT>, "vouchers", "Exit vouchers (delivery person: his own; admin: all): ?delivery_admin=KEY&q=&sort="),
        endpoint!(GET "/api/exit-vouchers/{key}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: EXIT_VOUCHER_SCREENS }, vouchers::show::<EXIT>, "vouchers", "An exit voucher with its parcels"),
        endpoint!(GET "/api/exit-vouchers/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: EXIT_VOUCHER_SCREENS }, vouchers::print::<EXIT>, "vouchers", "The exit voucher as a PDF"),
        endpoint!(GET "/api/return-vouchers", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: RETURN_VOUCHER_SCREENS }, vouchers::list::<RETURN>, "vouchers", "Return vouchers (delivery person: his own; admin: all): ?status=new|received&delivery_admin=KEY&q=&sort="),
        endpoint!(POST "/api/return-vouchers", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: RETURN_VOUCHER_SCREENS }, vouchers::create_return, "vouchers", "Group a delivery person's parcels to be returned ({parcels, delivery_admin}): refused and cancelled go returning", refuses: [409]),
        endpoint!(GET "/api/return-vouchers/{key}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: RETURN_VOUCHER_SCREENS }, vouchers::show::<RETURN>, "vouchers", "A return voucher with its parcels"),
        endpoint!(GET "/api/return-vouchers/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: RETURN_VOUCHER_SCREENS }, vouchers::print::<RETURN>, "vouchers", "The return voucher as a PDF"),
        endpoint!(PUT "/api/return-vouchers/{key}/receive", Active { roles: ADMIN, permissions: &["delivery-return-vouchers"] }, vouchers::receive_return, "vouchers", "Receive a return voucher: returning parcels go returned, collected items are back", refuses: [409]),
        endpoint!(GET "/api/shops/unpaid/{type}", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::unpaid_shops, "invoices", "Shops with parcels to invoice (type delivered|returned), with counts and totals: ?q=&client="),
        endpoint!(GET "/api/shops/unpaid/{type}/{shop}", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::unpaid_shop_lines, "invoices", "A shop's parcels eligible for a client invoice of that type, as lines"),
        endpoint!(POST "/api/clients/invoices", Active { roles: ADMIN, permissions: &["create-client-invoice"] }, invoices::create_merchant_invoice, "invoices", "Draft a client invoice ({shop, type, parcels?}: every eligible parcel when parcels is absent)", refuses: [409], idempotent: true),
        endpoint!(GET "/api/clients/invoices", Active { roles: ADMIN_OR_MERCHANT, permissions: MERCHANT_INVOICE_SCREENS }, invoices::list::<MerchantInvoices>, "invoices", "Client invoices (merchants: their validated and paid ones): ?type=&status=&shop=&client=&q=&sort="),
        endpoint!(GET "/api/clients/invoices/transfers", Active { roles: ADMIN, permissions: &["client-delivered-invoices"] }, invoices::transfers, "invoices", "The validated unpaid delivered invoices as one CSV bank-transfer batch (shop, rib, amount, invoice_number)"),
        endpoint!(GET "/api/clients/invoices/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: MERCHANT_INVOICE_SCREENS }, invoices::show::<MerchantInvoices>, "invoices", "One client invoice"),
        endpoint!(PUT "/api/clients/invoices/{key}", Active { roles: ADMIN, permissions: MERCHANT_INVOICE_WRITES }, invoices::update_merchant_invoice, "invoices", "A draft's parcels ({parcels}), validation ({status: validated}) or payment ({status: paid, payment_method, payment_reference, paid_on})", refuses: [409]),
        endpoint!(DELETE "/api/clients/invoices/{key}", Active { roles: ADMIN, permissions: MERCHANT_INVOICE_WRITES }, invoices::delete_merchant_invoice, "invoices", "Delete a draft client invoice: its parcels are free again", refuses: [409]),
        endpoint!(GET "/api/clients/invoices/{key}/pdf", Active { roles: ADMIN_OR_MERCHANT, permissions: MERCHANT_INVOICE_SCREENS }, invoices::print::<MerchantInvoices>, "invoices", "The client invoice as a PDF"),
        endpoint!(GET "/api/clients/parcels/invoices/{invoiceKey}", Active { roles: ADMIN_OR_MERCHANT, permissions: MERCHANT_INVOICE_SCREENS }, invoices::invoice_lines::<MerchantInvoices>, "invoices", "A client invoice's lines"),
        endpoint!(GET "/api/delivery-admins/parcels/unpaid", Active { roles: ADMIN, permissions: &["create-delivery-invoice"] }, invoices::unpaid_delivery_people, "invoices", "Delivery people holding parcels on no delivery invoice, with the cash due: ?q="),
        endpoint!(GET "/api/delivery-admins/{deliveryAdmin}/parcels/unpaid", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: &["create-delivery-invoice", "create-invoice"] }, invoices::unpaid_delivery_lines, "invoices", "A delivery person's parcels on no delivery invoice, as lines (a delivery person: his own)"),
        endpoint!(POST "/api/delivery-admins/invoices", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: &["create-delivery-invoice", "create-invoice"] }, invoices::create_delivery_invoice, "invoices", "Draft a delivery invoice ({delivery_admin, parcels?}; a delivery person declares his own)", refuses: [409], idempotent: true),
        endpoint!(GET "/api/delivery-admins/invoices", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: DELIVERY_INVOICE_SCREENS }, invoices::list::<DeliveryInvoices>, "invoices", "Delivery invoices (a delivery person: his own): ?status=&delivery_admin=&q=&sort="),
        endpoint!(PUT "/api/delivery-admins/invoices/parcels/{parcel}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: &["delivery-invoices", "create-delivery-invoice", "invoices"] }, invoices::remove_delivery_parcel, "invoices", "Take a parcel off its draft delivery invoice", refuses: [409]),
        endpoint!(GET "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: DELIVERY_INVOICE_SCREENS }, invoices::show::<DeliveryInvoices>, "invoices", "One delivery invoice"),
        endpoint!(PUT "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN, permissions: &["delivery-invoices"] }, invoices::update_delivery_invoice, "invoices", "Record the cash counted ({counted_amount}) or validate ({status: validated})", refuses: [409]),
        endpoint!(DELETE "/api/delivery-admins/invoices/{key}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: &["delivery-invoices", "create-delivery-invoice", "invoices"] }, invoices::delete_delivery_invoice, "invoices", "Delete a draft delivery invoice (a delivery person: his own, not yet counted)", refuses: [409]),
        endpoint!(GET "/api/delivery-admins/invoices/{key}/pdf", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: DELIVERY_INVOICE_SCREENS }, invoices::print::<DeliveryInvoices>, "invoices", "The delivery invoice as a PDF"),
        endpoint!(GET "/api/delivery-admins/parcels/invoices/{invoiceKey}", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: DELIVERY_INVOICE_SCREENS }, invoices::invoice_lines::<DeliveryInvoices>, "invoices", "A delivery invoice's lines"),
        endpoint!(GET "/api/delivery-admins/balances", Active { roles: ADMIN, permissions: BALANCE_SCREENS }, balances::list, "balances", "Delivery people with their balance (centimes, positive when he owes the company), owing first: ?q=&owing=true&delivery_admin=KEY1,KEY2&sort="),
        endpoint!(GET "/api/delivery-admins/{key}/balance", Active { roles: ADMIN_OR_DELIVERY_PERSON, permissions: &["delivery-invoices", "deliverymen", "create-delivery-invoice", "home", "invoices"] }, balances::show, "balances", "A delivery person's balance with every entry, newest first (a delivery person: his own)"),
        endpoint!(POST "/api/delivery-admins/{key}/balance", Active { roles: ADMIN, permissions: &["delivery-invoices"] }, balances::settle, "balances", "Settle a balance toward zero ({kind: payment|write_off, amount, reference?, comment}; a write-off needs the comment): 422 past zero, 409 when a concurrent settlement changed it", refuses: [409]),
        endpoint!(GET "/api/clients/balances", Active { roles: ADMIN, permissions: MERCHANT_ACCOUNT_SCREENS }, balances::merchants::list, "balances", "Merchants with their account (centimes, negative when he owes the company), most owed first: ?q=&owing=true&client=KEY1,KEY2&sort="),
        endpoint!(GET "/api/clients/{key}/balance", Active { roles: ADMIN_OR_MERCHANT, permissions: MERCHANT_ACCOUNT_READERS }, balances::merchants::show, "balances", "A merchant's account with every entry, newest first (a merchant or his staff: his own): fees posted by returned-type invoices, deductions from payouts, payments received, write-offs"),
        endpoint!(POST "/api/clients/{key}/balance", Active { roles: ADMIN, permissions: MERCHANT_ACCOUNT_SCREENS }, balances::merchants::settle, "balances", "Settle a merchant's account toward zero ({kind: payment|write_off, amount, reference?, comment}; a write-off needs the comment): the returned-type invoices it covers are paid; 422 past zero, 409 when a concurrent writer changed it", refuses: [409]),
        endpoint!(GET "/api/tickets", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::list_tickets, "support", "Support tickets (merchant: his own; admin: all), newest activity first: ?status=&category=&client=&parcel=&unread=true&q= (subject or code)"),
        endpoint!(GET "/api/tickets/unread", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::unread_tickets, "support", "How many tickets have messages the caller's side has not read (the menu badge)"),
        endpoint!(GET "/api/tickets/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::show_ticket, "support", "A ticket with its messages; the caller's side has now read it"),
        endpoint!(POST "/api/tickets", Active { roles: MERCHANT, permissions: &["support"] }, support::create_ticket, "support", "Open a ticket ({subject, category, parcel?, message}): open, unread for the staff"),
        endpoint!(PUT "/api/tickets", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::update_ticket, "support", "Close a ticket ({key, status: closed}, either side) or reopen it ({status: open}, the merchant); the same status: 409", refuses: [404, 409]),
        endpoint!(POST "/api/tickets/{key}/messages", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::add_message, "support", "Write in a ticket ({body}): a staff reply makes it answered, a merchant's message open; the other side has it unread"),
        endpoint!(DELETE "/api/tickets/{ticket}/messages/{message}", Active { roles: ADMIN_OR_MERCHANT, permissions: &["support"] }, support::delete_message, "support", "Delete one's own message while the other side has not written since (never the first message; 409 otherwise)", refuses: [409]),
        endpoint!(GET "/api/announcements", Active { roles: EVERY_ROLE, permissions: &[] }, support::list_announcements, "announcements", "Announcements: staff holding announcements see all (?current=true: today's); anyone else today's of his audience"),
        endpoint!(POST "/api/announcements", Active { roles: ADMIN, permissions: &["announcements"] }, support::create_announcement, "announcements", "Publish an announcement ({title, body, audience, starts_on?, ends_on?})"),
        endpoint!(DELETE "/api/announcements/{key}", Active { roles: ADMIN, permissions: &["announcements"] }, support::delete_announcement, "announcements", "Delete an announcement"),
        endpoint!(GET "/api/guides", Active { roles: EVERY_ROLE, permissions: &["guide"] }, support::list_guides, "guides", "Guides (merchants: those for all and for clients, the built-in merchant API guide first; delivery people: those for all and for delivery people)"),
        endpoint!(GET "/api/guides/{key}", Active { roles: EVERY_ROLE, permissions: &["guide"] }, support::show_guide, "guides", "One guide (merchant-api: the merchant API guide, written from this API's live description)"),
        endpoint!(POST "/api/guides", Active { roles: ADMIN, permissions: &["guide"] }, support::create_guide, "guides", "Write a guide ({title, body (Markdown), audience})"),
        endpoint!(PUT "/api/guides/{key}", Active { roles: ADMIN, permissions: &["guide"] }, support::update_guide, "guides", "Edit a guide (the built-in one: 409)", refuses: [409]),
        endpoint!(DELETE "/api/guides/{key}", Active { roles: ADMIN, permissions: &["guide"] }, support::delete_guide, "guides", "Delete a guide (the built-in one: 409)", refuses: [409]),
        endpoint!(GET "/api/activities", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, support::list_activities, "activities", "The activity log, newest first, labels and details rendered in the `Accept-Language` language: staff holding dashboard see all, anyone else (and ?mine=true) his scope: ?user=&action=&subject_key= (a code or its start)&from=&to="),
        endpoint!(GET "/api/activities/actions", Active { roles: EVERY_ROLE, permissions: &["dashboard", "home"] }, support::activity_kinds, "activities", "The kinds of activity with their labels in the `Accept-Language` language (the log's filter)"),
        endpoint!(GET "/api/activities/export", Active { roles: ADMIN, permissions: &["dashboard"] }, support::export_activities, "activities", "The filtered activity log as CSV (UTF-8 with BOM, `;`), streamed, newest first: the list's filters, headers and values in the `Accept-Language` language (or ?lang=fr|en|ar)"),
        endpoint!(GET "/api/search", Active { roles: EVERY_ROLE, permissions: &[] }, support::search, "search", "The top bar's search (?q=, 2 characters at least): parcels, people (staff), tickets, vouchers and invoices by code, 5 of each at most"),
        endpoint!(GET "/api/inventory/types", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::types, "inventory", "Stock movement types with their French labels"),
        endpoint!(GET "/api/inventory/states", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::states, "inventory", "Stock movement states with their French labels"),
        endpoint!(GET "/api/inventory/clients", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::list_merchants, "inventory", "Merchants' stock services (a merchant: his own row, if he asked): ?status=&q="),
        endpoint!(POST "/api/inventory/clients", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::request_service, "inventory", "The merchant asks for the stock service (pending)", refuses: [409]),
        endpoint!(PUT "/api/inventory/clients/{client}", Active { roles: ADMIN, permissions: INVENTORY }, inventory::decide_merchant, "inventory", "Decide a merchant's stock service ({status: active|suspended})"),
        endpoint!(GET "/api/inventories", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY_READERS }, inventory::list_products, "inventory", "Products in stock (merchant: his own; admin: all): ?client=&q=&low=true&sort="),
        endpoint!(POST "/api/inventories", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::create_product, "inventory", "Create a product ({sku, name, alert_threshold?}; active stock service)", refuses: [409]),
        endpoint!(POST "/api/inventories/import", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::import_products, "inventory", "Import products from a CSV or xlsx file (multipart `file`, columns sku,name,alert_threshold): all or nothing, errors per line", refuses: [409]),
        endpoint!(GET "/api/inventories/import/template", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::import_template, "inventory", "The product import template (CSV)"),
        endpoint!(GET "/api/inventories/movements", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::list_movements, "inventory", "Stock movements, newest first: ?inventory=&type=&state=&client=&parcel=&q="),
        endpoint!(POST "/api/inventories/movements", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::create_movement, "inventory", "Declare an entry (merchant, pending) or record an adjustment (admin, signed delta with a comment, validated at once)", refuses: [409]),
        endpoint!(PUT "/api/inventories/movements/{key}", Active { roles: ADMIN, permissions: INVENTORY }, inventory::decide_movement, "inventory", "Validate (with the quantity received) or reject a pending entry or return ({state, quantity?})", refuses: [409]),
        endpoint!(DELETE "/api/inventories/movements/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::delete_movement, "inventory", "Delete one's own pending movement", refuses: [409]),
        endpoint!(POST "/api/inventories/entries", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::create_entries, "inventory", "Declare several entries on one entry slip ({lines: [{inventory, quantity}], comment?})", refuses: [409]),
        endpoint!(GET "/api/inventories/entries/{key}/pdf", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY }, inventory::print_entries, "inventory", "The entry slip as a PDF (a Code128 barcode per line)"),
        endpoint!(GET "/api/inventories/{key}", Active { roles: ADMIN_OR_MERCHANT, permissions: INVENTORY_READERS }, inventory::show_product, "inventory", "A product with its latest movements (newest first, at most 100)"),
        endpoint!(PUT "/api/inventories/{key}", Active { roles: MERCHANT, permissions: INVENTORY }, inventory::update_product, "inventory", "Edit a product's name or alert threshold (the SKU is fixed)", refuses: [409]),
        endpoint!(GET "/api/users/delivery-proof", MERCHANT_SESSION, proofs::policy, "accounts", "What the merchant requires of the delivery person on « Livré »: none, signature or photo"),
        endpoint!(PUT "/api/users/delivery-proof", MERCHANT_SESSION, proofs::set_policy, "accounts", "Require a signature or a photo on « Livré » ({delivery_proof: none|signature|photo})"),
        endpoint!(DELETE "/api/tokens/{key}", MERCHANT_SESSION, tokens::revoke_token, "tokens", "Revoke a personal API token"),
        endpoint!(GET "/api/webhooks", WEBHOOKS, webhooks::list, "webhooks", "The merchant's webhook endpoints"),
        endpoint!(POST "/api/webhooks", WEBHOOKS, webhooks::create, "webhooks", "Add a webhook endpoint ({url, events}): the answer alone carries its secret"),
        endpoint!(PUT "/api/webhooks/{key}", WEBHOOKS, webhooks::update, "webhooks", "Change an endpoint ({url?, events?, active?}); turning it on ends a pause"),
        endpoint!(DELETE "/api/webhooks/{key}", WEBHOOKS, webhooks::delete, "webhooks", "Remove an endpoint and its deliveries"),
        endpoint!(POST "/api/webhooks/{key}/test", WEBHOOKS, webhooks::send_test, "webhooks", "Send a ping event to the endpoint (the delivery to follow in its log)"),
        endpoint!(GET "/api/webhooks/{key}/deliveries", WEBHOOKS, webhooks::deliveries, "webhooks", "The endpoint's deliveries, newest first: status, attempts, last answer"),
        endpoint!(POST "/api/webhooks/deliveries/{key}/retry", WEBHOOKS, webhooks::retry, "webhooks", "Send a delivery again now (retried for another 24 hours)"),
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
        // Inside the authorization: the key is the caller's.
        let idempotency = actix_web::middleware::Condition::new(
            endpoint.idempotent,
            actix_web::middleware::from_fn(crate::middleware::idempotency::replay_or_run),
        );
        cfg.service(
            web::resource(endpoint.path)
                .guard(actix_web::guard::Method(endpoint.method.clone()))
                .wrap(idempotency)
                .wrap(actix_web::middleware::from_fn(move |req, next| {
                    crate::middleware::authorize::authorize(access, req, next)
                }))
                .route((endpoint.route)()),
        );
    }
}
