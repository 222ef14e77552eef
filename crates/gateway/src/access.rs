//! Who may call an endpoint: the rule a route-table row declares, which the authorization
//! middleware enforces and the OpenAPI document describes.

use colivra_core::{Permission, Role};

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
    roles: MERCHANT,
    permissions: &[],
});

/// A merchant (or his staff), from the browser or with a personal token: his integration
/// registers its own webhooks.
pub const WEBHOOKS: Access = Access::Active {
    roles: MERCHANT,
    permissions: &[],
};

pub const ADMIN: &[Role] = &[Role::Admin];
pub const MERCHANT: &[Role] = &[Role::Merchant];
pub const ADMIN_OR_MERCHANT: &[Role] = &[Role::Admin, Role::Merchant];
pub const EVERY_ROLE: &[Role] = &[Role::Admin, Role::Merchant, Role::DeliveryPerson];
pub const ADMIN_OR_DELIVERY_PERSON: &[Role] = &[Role::Admin, Role::DeliveryPerson];
