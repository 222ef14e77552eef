//! The dashboards' figures, within the caller's scope: parcels by status, cash collected and
//! owed, delivery rate, and a 30-day chart.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate, NaiveDateTime};
use colivra_core::{time, AppResult};
use colivra_db::schema::parcels;
use colivra_db::{DbBackend, DbConnection, MapDbErr};
use diesel::dsl::sql;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use serde::Serialize;
use utoipa::ToSchema;

use crate::status::Status;
use colivra_core::Scope;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusCount {
    pub status: Status,
    pub status_label: &'static str,
    pub count: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DayFigures {
    #[schema(value_type = String)]
    pub date: NaiveDate,
    pub created: i64,
    pub delivered: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Statistics {
    pub total: i64,
    pub by_status: Vec<StatusCount>,
    /// Cash collected on delivered parcels (refunds count negative), centimes.
    pub cod_collected: i64,
    /// What the company owes the merchant for delivered parcels not yet paid: cash collected
    /// minus the delivery fees (centimes). Invoices are not built yet, so every delivered parcel
    /// counts.
    pub to_be_paid: i64,
    /// Delivered out of the parcels whose round ended (delivered, refused, cancelled after
    /// pickup, returning, returned), in percent; `null` before any ended.
    pub delivery_rate: Option<f64>,
    /// The last 30 days, oldest first: parcels created and delivered each day.
    pub daily: Vec<DayFigures>,
}

fn scoped(scope: Scope) -> parcels::BoxedQuery<'static, DbBackend> {
    let q = parcels::table.into_boxed();
    match scope {
        Scope::Merchant(id) => q.filter(parcels::merchant_id.eq(id)),
        Scope::DeliveryPerson(id) => q.filter(parcels::delivery_person_id.eq(id)),
        Scope::Everyone => q,
    }
}

type Condition = Box<
    dyn BoxableExpression<
        parcels::table,
        DbBackend,
        SqlType = diesel::sql_types::Nullable<diesel::sql_types::Bool>,
    >,
>;

/// The scope as a condition, for the grouped query (boxed queries cannot be grouped).
fn scope_condition(scope: Scope) -> Condition {
    match scope {
        Scope::Merchant(id) => Box::new(parcels::merchant_id.eq(id).nullable()),
        Scope::DeliveryPerson(id) => Box::new(parcels::delivery_person_id.eq(id)),
        Scope::Everyone => Box::new(parcels::id.gt(0).nullable()),
    }
}

pub fn statistics(conn: &mut DbConnection, scope: Scope) -> AppResult<Statistics> {
    let counts: Vec<(String, i64)> = parcels::table
        .filter(scope_condition(scope))
        .group_by(parcels::status)
        .select((parcels::status, sql::<BigInt>("CAST(COUNT(*) AS BIGINT)")))
        .load(conn)
        .map_db_err()?;
    let mut by_status: Vec<StatusCount> = counts
        .iter()
        .filter_map(|(status, count)| {
            Status::parse(status).map(|status| StatusCount {
                status,
                status_label: status.label(),
                count: *count,
            })
        })
        .collect();
    by_status.sort_by_key(|c| Status::ALL.iter().position(|s| *s == c.status));
    let count_of = |wanted: &[Status]| -> i64 {
        by_status
            .iter()
            .filter(|c| wanted.contains(&c.status))
            .map(|c| c.count)
            .sum()
    };
    let total = by_status.iter().map(|c| c.count).sum();
    let delivered = count_of(&[Status::Delivered]);
    let ended = delivered + count_of(&[Status::Refused, Status::Returning, Status::Returned]);
    let delivery_rate = (ended > 0).then(|| (delivered as f64) * 100.0 / (ended as f64));

    let (cod_collected, fees): (i64, i64) = scoped(scope)
        .filter(parcels::status.eq(Status::Delivered.as_str()))
        .select((
            sql::<BigInt>(
                "CAST(COALESCE(SUM(CASE WHEN kind = 'refund' THEN -cod_amount ELSE cod_amount END), 0) AS BIGINT)",
            ),
            sql::<BigInt>("CAST(COALESCE(SUM(delivery_fee), 0) AS BIGINT)"),
        ))
        .first(conn)
        .map_db_err()?;

    let today = time::now().date();
    let start = today - Duration::days(29);
    let since: NaiveDateTime = start.and_hms_opt(0, 0, 0).unwrap_or_default();
    let mut days: BTreeMap<NaiveDate, (i64, i64)> = (0..30)
        .map(|i| (start + Duration::days(i), (0, 0)))
        .collect();
    for created in scoped(scope)
        .filter(parcels::created_at.ge(since))
        .select(parcels::created_at)
        .load::<NaiveDateTime>(conn)
        .map_db_err()?
    {
        if let Some(day) = days.get_mut(&created.date()) {
            day.0 += 1;
        }
    }
    for delivered_at in scoped(scope)
        .filter(parcels::status.eq(Status::Delivered.as_str()))
        .filter(parcels::status_changed_at.ge(since))
        .select(parcels::status_changed_at)
        .load::<NaiveDateTime>(conn)
        .map_db_err()?
    {
        if let Some(day) = days.get_mut(&delivered_at.date()) {
            day.1 += 1;
        }
    }
    Ok(Statistics {
        total,
        by_status,
        cod_collected,
        to_be_paid: cod_collected - fees,
        delivery_rate,
        daily: days
            .into_iter()
            .map(|(date, (created, delivered))| DayFigures {
                date,
                created,
                delivered,
            })
            .collect(),
    })
}
