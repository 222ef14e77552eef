//! The demo company: its first morning ([`seed_demo`], each crate seeding its part in its own
//! `demo` module), and `week`, the company in the middle of a week (`colivra seed-demo --week`). Demo data: the
//! server-message catalogue's scan leaves this folder out (the notes and comments it writes are
//! what people would type, not the server's messages).

pub mod week;

use colivra_auth::demo::DEMO_ACCOUNTS;
use colivra_core::{MerchantId, Role};
use colivra_db::DbPool;

use crate::terminal::{describe, CliResult};

/// `colivra seed-demo`: each crate seeds its part of the demo, in order, and what was done is
/// printed. Idempotent.
pub fn seed_demo(pool: &DbPool) -> CliResult {
    use colivra_auth::demo as people;
    use colivra_parcels::demo as parcels;
    let conn = &mut *pool.get()?;
    let stock = colivra_inventory::parcel_stock::InventoryStock;
    let (served, added) = parcels::seed_cities(conn).map_err(describe)?;
    println!("Cities: {served} served ({added} added).");
    println!("Demo sign-ins:");
    for account in &DEMO_ACCOUNTS {
        let (user, created) = people::seed_account(conn, account).map_err(describe)?;
        if account.role == Role::Merchant {
            // The demo merchant is an account of his own, not someone's staff.
            let merchant_id = MerchantId::new(user.id.get());
            parcels::seed_shop(conn, merchant_id, people::DEMO_SHOP_NAME).map_err(describe)?;
        }
        let password = if created {
            account.password
        } else {
            "(unchanged: account already existed)"
        };
        println!(
            "  {:<15} {:<22} {}",
            account.role.as_str(),
            account.email,
            password
        );
    }
    let admin = people::account(conn, DEMO_ACCOUNTS[0].email).map_err(describe)?;
    let merchant = people::account(conn, DEMO_ACCOUNTS[1].email).map_err(describe)?;
    let delivery_person = people::account(conn, DEMO_ACCOUNTS[2].email).map_err(describe)?;
    let merchant_id = MerchantId::new(merchant.id.get());
    parcels::seed_company(conn, admin.id).map_err(describe)?;
    people::seed_delivery_person_cities(conn, admin.id, delivery_person).map_err(describe)?;
    if let Some(created) = parcels::seed_parcels(conn, &stock, merchant_id).map_err(describe)? {
        // The first two (Casablanca and Rabat, which the demo delivery person serves) wait on
        // a pickup voucher.
        let voucher = colivra_vouchers::demo::seed_pickup(conn, &stock, merchant_id, &created[..2])
            .map_err(describe)?;
        println!(
            "Demo parcels: 5 for {}, 2 of them on pickup voucher {voucher}.",
            merchant.email
        );
    }
    if let Some(slip) = colivra_inventory::demo::seed(conn, admin.id, merchant_id, &merchant.key)
        .map_err(describe)?
    {
        println!(
            "Demo stock: 3 products for {} (one low), entry slip {slip} to receive.",
            merchant.email
        );
    }
    if let Some(ticket) =
        colivra_support::demo::seed(conn, admin.id, merchant_id).map_err(describe)?
    {
        println!("Demo ticket: {ticket} ({}).", merchant.email);
    }
    Ok(())
}
