//! Whose objects a caller may see. Every domain crate filters by it (parcels, vouchers,
//! invoices), and an object outside it answers 404, not 403, so nothing tells another merchant's
//! object exists.

use crate::{DeliveryPersonId, MerchantId, Role};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// A merchant account (its owner and staff): that merchant's objects.
    Merchant(MerchantId),
    /// A delivery person: the parcels given to him, his vouchers and invoices.
    DeliveryPerson(DeliveryPersonId),
    /// Company staff: everything.
    Everyone,
}

impl Scope {
    pub fn role(self) -> Role {
        match self {
            Scope::Merchant(_) => Role::Merchant,
            Scope::DeliveryPerson(_) => Role::DeliveryPerson,
            Scope::Everyone => Role::Admin,
        }
    }

    /// The merchant account the caller acts for, if a merchant.
    pub fn merchant(self) -> Option<MerchantId> {
        match self {
            Scope::Merchant(id) => Some(id),
            _ => None,
        }
    }

    /// The delivery person, if the caller is one.
    pub fn delivery_person(self) -> Option<DeliveryPersonId> {
        match self {
            Scope::DeliveryPerson(id) => Some(id),
            _ => None,
        }
    }
}
