//! The demo's parcels side (`colivra seed-demo`): the Moroccan cities with their fees, the
//! company's legal identity, the demo merchant's shop and a few parcels. Idempotent.

use colivra_core::{AppError, AppResult, MerchantId, UserId};
use colivra_db::schema::parcels;
use colivra_db::{DbConnection, MapDbErr};
use diesel::prelude::*;

use crate::company::{self, CompanyInput};
use crate::parcel::{self, ParcelInput};
use crate::stock::StockHooks;
use crate::{cities, shops};

/// Adds the cities of the bundled list that are missing: (cities served, cities added).
pub fn seed_cities(conn: &mut DbConnection) -> AppResult<(usize, usize)> {
    let rows = cities::parse_cities_csv(cities::MOROCCAN_CITIES_CSV).map_err(AppError::internal)?;
    let added = cities::ensure_cities(conn, &rows)?;
    Ok((rows.len(), added))
}

/// The demo merchant's shop in Casablanca.
pub fn seed_shop(conn: &mut DbConnection, merchant_id: MerchantId, name: &str) -> AppResult<()> {
    let city_id = cities::id_by_name(conn, "Casablanca")?
        .ok_or_else(|| AppError::internal("Casablanca is missing"))?;
    shops::ensure_shop(
        conn,
        shops::NewShop {
            merchant_id,
            name,
            phone: "0522000002",
            address: "12 boulevard d'Anfa, Casablanca",
            city_id,
            // No RIB: the demo shows a merchant giving his first one (it waits for an admin's
            // approval) and the transfer file leaving out a shop without one.
            bank_account: None,
        },
    )?;
    Ok(())
}

/// A plausible legal identity for the demo company, so invoices print as legal ones (only when
/// none is set).
pub fn seed_company(conn: &mut DbConnection, admin_id: UserId) -> AppResult<()> {
    if company::identity(conn)?.is_none() {
        company::update(
            conn,
            admin_id,
            &CompanyInput {
                name: Some("Colivra Logistique SARL".into()),
                address: Some("27 rue Ibnou Mounir, quartier Maârif, 20330 Casablanca".into()),
                ice: Some("001234567000089".into()),
                if_number: Some("40123456".into()),
                rc: Some("512345".into()),
                patente: Some("34567890".into()),
                cnss: Some("8765432".into()),
                invoices_in_reader_language: None,
                tva_rate: None,
                tva_exemption: None,
                pay_before_cash_in: None,
            },
        )?;
    }
    Ok(())
}

/// Five parcels for the demo merchant, when he has none yet: their keys, in order.
pub fn seed_parcels(
    conn: &mut DbConnection,
    stock: &dyn StockHooks,
    merchant_id: MerchantId,
) -> AppResult<Option<Vec<String>>> {
    let has_parcels = parcels::table
        .filter(parcels::merchant_id.eq(merchant_id))
        .count()
        .get_result::<i64>(conn)
        .map_db_err()?
        > 0;
    if has_parcels {
        return Ok(None);
    }
    let recipients = [
        (
            "Amina Benali",
            "0612345678",
            "Casablanca",
            "12 rue des Orangers, Maarif",
            24_900,
        ),
        (
            "Karim Tazi",
            "0698765432",
            "Rabat",
            "5 avenue Hassan II, Agdal",
            15_000,
        ),
        (
            "Salma Idrissi",
            "0700112233",
            "Casablanca",
            "Résidence Atlas, bloc B, Sidi Maârouf",
            39_900,
        ),
        (
            "Omar Chraibi",
            "0655443322",
            "Marrakech",
            "Derb Sidi Bouloukat 14, Médina",
            12_000,
        ),
        (
            "Nadia Berrada",
            "0661223344",
            "Fès",
            "18 boulevard Allal El Fassi",
            8_500,
        ),
    ];
    let mut created = Vec::new();
    for (name, phone, city, address, amount) in recipients {
        let parcel = parcel::create(
            conn,
            stock,
            merchant_id.into(),
            merchant_id,
            &ParcelInput {
                recipient_name: Some(name.into()),
                recipient_phone: Some(phone.into()),
                city: Some(city.into()),
                address: Some(address.into()),
                cod_amount: Some(amount),
                product: Some("Article de démonstration".into()),
                quantity: Some(1),
                can_open: Some(true),
                ..Default::default()
            },
            None,
        )?;
        created.push(parcel.key);
    }
    Ok(Some(created))
}
