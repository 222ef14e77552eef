//! Roles and permissions. A permission is a route name of the specification; a full admin holds
//! every admin route name, a merchant every client route name, in menu order (`dashboard` first).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub type Permission = &'static str;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum Role {
    #[serde(rename = "admin")]
    Admin,
    #[serde(rename = "client")]
    Merchant,
    #[serde(rename = "delivery-admin")]
    DeliveryPerson,
}

impl Role {
    pub const ALL: [Role; 3] = [Role::Admin, Role::Merchant, Role::DeliveryPerson];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Merchant => "client",
            Role::DeliveryPerson => "delivery-admin",
        }
    }

    pub fn parse(value: &str) -> Option<Role> {
        Role::ALL.into_iter().find(|role| role.as_str() == value)
    }

    /// Every route name of this role's menu, in menu order.
    pub fn route_names(self) -> &'static [Permission] {
        match self {
            Role::Admin => ADMIN_ROUTE_NAMES,
            Role::Merchant => MERCHANT_ROUTE_NAMES,
            Role::DeliveryPerson => DELIVERY_PERSON_ROUTE_NAMES,
        }
    }

    /// Admins and merchants can be given a subset of their route names; delivery people always
    /// hold their whole set.
    pub fn has_permission_subsets(self) -> bool {
        !matches!(self, Role::DeliveryPerson)
    }
}

pub const MERCHANT_ROUTE_NAMES: &[Permission] = &[
    "dashboard",
    "inventory-management",
    "pickup-vouchers",
    "add-new-parcels",
    "new-parcels",
    "to-confirm-parcels",
    "all-parcels",
    "sent-parcels",
    "delivered-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
    "completed-invoices",
    "returned-invoices",
    "shops",
    "staff",
    "support",
    "guide",
    "pricing",
];

pub const ADMIN_ROUTE_NAMES: &[Permission] = &[
    "dashboard",
    "inventory-management",
    "confirmations",
    "new-pickup-vouchers",
    "all-pickup-vouchers",
    "delivery-exit-vouchers",
    "parcels-to-be-returned",
    "delivery-return-vouchers",
    "all-parcels",
    "pickup-parcels",
    "sent-parcels",
    "delivered-parcels",
    "canceled-parcels",
    "return-parcels",
    "refunds",
    "exchanges",
    "client-costs",
    "create-client-invoice",
    "client-delivered-invoices",
    "client-returned-invoices",
    "create-delivery-invoice",
    "delivery-invoices",
    "clients",
    "deliverymen",
    "cities",
    "staff",
    "support",
    "announcements",
    "guide",
];

pub const DELIVERY_PERSON_ROUTE_NAMES: &[Permission] = &[
    "home",
    "exit-vouchers",
    "parcels-to-be-returned",
    "return-vouchers",
    "all-parcels",
    "sent-parcels",
    "delivered-parcels",
    "refunds",
    "exchanges",
    "create-invoice",
    "invoices",
];

/// Keeps the names of `requested` that exist for `role`, in menu order, without duplicates;
/// the unknown names are returned apart so callers can report them.
pub fn normalize_permissions<'a>(
    role: Role,
    requested: impl IntoIterator<Item = &'a str>,
) -> (Vec<Permission>, Vec<String>) {
    let requested: Vec<&str> = requested.into_iter().collect();
    let unknown = requested
        .iter()
        .filter(|name| !role.route_names().contains(name))
        .map(|name| name.to_string())
        .collect();
    let known = role
        .route_names()
        .iter()
        .copied()
        .filter(|name| requested.contains(name))
        .collect();
    (known, unknown)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_with_their_exact_spelling() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
            assert_eq!(serde_json::to_value(role).unwrap(), role.as_str());
        }
        assert_eq!(Role::parse("delivery_admin"), None);
    }

    #[test]
    fn menus_start_with_the_landing_route() {
        assert_eq!(MERCHANT_ROUTE_NAMES[0], "dashboard");
        assert_eq!(ADMIN_ROUTE_NAMES[0], "dashboard");
        assert_eq!(DELIVERY_PERSON_ROUTE_NAMES[0], "home");
        assert_eq!(MERCHANT_ROUTE_NAMES.len(), 19);
        assert_eq!(ADMIN_ROUTE_NAMES.len(), 29);
        assert_eq!(DELIVERY_PERSON_ROUTE_NAMES.len(), 11);
    }

    #[test]
    fn normalizing_sorts_in_menu_order_and_reports_unknown_names() {
        let (known, unknown) =
            normalize_permissions(Role::Admin, ["cities", "dashboard", "cities", "pricing"]);
        assert_eq!(known, vec!["dashboard", "cities"]);
        assert_eq!(unknown, vec!["pricing".to_owned()]);
    }
}
