//! Body types that creation and edition share, with the fields creation must carry: the document
//! shows creation's body (`NewParcel`, …) with them required; the domain checks them (422).

use super::input::Creation;

macro_rules! creation {
    ($($ty:path => $schema:literal [$($field:literal),* $(,)?]),* $(,)?) => {
        $(
            impl Creation for $ty {
                const CREATION_SCHEMA: &'static str = $schema;
                const REQUIRED: &'static [&'static str] = &[$($field),*];
            }
        )*
    };
}

creation!(
    colivra_auth::delivery_people::DeliveryPersonInput => "NewDeliveryPerson" ["full_name", "email", "phone", "password"],
    colivra_auth::delivery_people::DeliveryCityInput => "NewDeliveryCity" ["delivery_admin", "city", "delivered_commission", "refused_commission"],
    colivra_auth::staff::StaffInput => "NewStaff" ["first_name", "last_name", "email", "password"],
    colivra_parcels::cities::CityInput => "NewCity" ["name", "delivery_fee", "return_fee", "refusal_fee"],
    colivra_parcels::shops::ShopInput => "NewShop" ["name", "phone", "address", "city"],
    colivra_parcels::prices::CostInput => "NewCost" ["client", "city", "delivery_fee", "return_fee", "refusal_fee"],
    colivra_parcels::parcel::ParcelInput => "NewParcel" ["recipient_name", "recipient_phone", "city", "address", "cod_amount", "product"],
    colivra_invoicing::balances::SettlementInput => "NewSettlement" ["kind", "amount"],
    colivra_support::tickets::TicketInput => "NewTicket" ["subject", "category", "message"],
    colivra_support::announcements::AnnouncementInput => "NewAnnouncement" ["title", "body", "audience"],
    colivra_support::guides::GuideInput => "NewGuide" ["title", "body", "audience"],
    colivra_inventory::products::InventoryInput => "NewInventory" ["sku", "name"],
    colivra_webhooks::endpoints::WebhookInput => "NewWebhook" ["url", "events"],
);
