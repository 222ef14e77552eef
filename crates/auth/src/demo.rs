//! The demo's people (`colivra seed-demo`): an admin, a merchant and a delivery person with
//! known sign-ins, and the cities the delivery person serves. Idempotent.

use colivra_core::{AppError, AppResult, Role, UserId};
use colivra_db::schema::{cities, users};
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::accounts::{self, NewUser};
use crate::delivery_people::{self, DeliveryCityInput};
use crate::User;

pub struct DemoAccount {
    pub role: Role,
    pub email: &'static str,
    pub password: &'static str,
    pub first_name: &'static str,
    pub last_name: &'static str,
    pub phone: &'static str,
}

pub const DEMO_ACCOUNTS: [DemoAccount; 3] = [
    DemoAccount {
        role: Role::Admin,
        email: "admin@colivra.ma",
        password: "Admin#Colivra2026",
        first_name: "Samira",
        last_name: "Bennani",
        phone: "0522000001",
    },
    DemoAccount {
        role: Role::Merchant,
        email: "client@colivra.ma",
        password: "Client#Colivra2026",
        first_name: "Youssef",
        last_name: "El Amrani",
        phone: "0661000002",
    },
    DemoAccount {
        role: Role::DeliveryPerson,
        email: "livreur@colivra.ma",
        password: "Livreur#Colivra2026",
        first_name: "Hamid",
        last_name: "Ouazzani",
        phone: "0670000003",
    },
];

/// The demo merchant's company and city.
pub const DEMO_SHOP_NAME: &str = "Boutique Atlas";

/// The demo merchant's ICE.
const DEMO_MERCHANT_ICE: &str = "002345678000012";

/// The account, created when missing (`true`); the merchant's ICE, printed on his invoices, is
/// filled in only when missing.
pub fn seed_account(conn: &mut DbConnection, account: &DemoAccount) -> AppResult<(User, bool)> {
    let merchant = account.role == Role::Merchant;
    let (user, created) = accounts::ensure_account(
        conn,
        NewUser {
            role: account.role,
            first_name: account.first_name,
            last_name: account.last_name,
            email: account.email,
            phone: account.phone,
            company: merchant.then_some(DEMO_SHOP_NAME),
            city: merchant.then_some("Casablanca"),
            password: account.password,
            active: true,
            permissions: None,
        },
    )?;
    if merchant {
        diesel::update(users::table.find(user.id).filter(users::ice.is_null()))
            .set(users::ice.eq(DEMO_MERCHANT_ICE))
            .execute(conn)
            .map_db_err()?;
    }
    Ok((user, created))
}

/// A demo account by its e-mail (500 when it is missing: seed the accounts first).
pub fn account(conn: &mut DbConnection, email: &str) -> AppResult<User> {
    crate::users::find_by_email(conn, email)?
        .ok_or_else(|| AppError::internal(format!("{email} is missing")))
}

/// The demo delivery person serves Casablanca and Rabat (only when he serves no city yet).
pub fn seed_delivery_person_cities(
    conn: &mut DbConnection,
    admin_id: UserId,
    delivery_person: User,
) -> AppResult<()> {
    let view = delivery_people::view(conn, delivery_person)?;
    if !view.cities.is_empty() {
        return Ok(());
    }
    for city in ["Casablanca", "Rabat"] {
        let city_key: String = cities::table
            .filter(cities::name.eq(city))
            .select(cities::key)
            .first(conn)
            .map_db_err()?;
        delivery_people::add_city(
            conn,
            admin_id,
            DeliveryCityInput {
                delivery_person: Some(view.key.clone()),
                city: Some(city_key),
                delivered_commission: Some(1_500),
                refused_commission: Some(500),
            },
        )?;
    }
    Ok(())
}
