//! The dashboards' figures, within the caller's scope: parcels by status, cash collected and
//! owed, delivery rate, and a 30-day chart.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate};
use colivra_core::{time, AppResult, Centimes};
use colivra_db::DbConnection;
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
    #[schema(value_type = i64)]
    pub cod_collected: Centimes,
    /// What the company owes the merchant for delivered parcels not yet paid: cash collected
    /// minus the delivery fees (centimes). Invoices are not built yet, so every delivered parcel
    /// counts.
    #[schema(value_type = i64)]
    pub to_be_paid: Centimes,
    /// Delivered out of the parcels whose round ended (delivered, refused, cancelled after
    /// pickup, returning, returned), in percent; `null` before any ended.
    pub delivery_rate: Option<f64>,
    /// The last 30 days, oldest first: parcels created and delivered each day.
    pub daily: Vec<DayFigures>,
}

/// The figures come from `parcel_figures` (see [`crate::figures`]), kept as parcels change: no
/// scan of the parcels table, whatever its size.
pub fn statistics(conn: &mut DbConnection, scope: Scope) -> AppResult<Statistics> {
    let figures = crate::figures::by_status(conn, scope)?;
    let mut by_status: Vec<StatusCount> = figures
        .iter()
        .filter_map(|f| {
            Status::parse(&f.status).map(|status| StatusCount {
                status,
                status_label: status.label(),
                count: f.figures.parcels,
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
    let (cod_collected, fees) = figures
        .iter()
        .find(|f| f.status == Status::Delivered.as_str())
        .map_or((Centimes::ZERO, Centimes::ZERO), |f| {
            (f.figures.cod, f.figures.fees)
        });

    let today = time::now().date();
    let start = today - Duration::days(29);
    let mut days: BTreeMap<NaiveDate, (i64, i64)> = (0..30)
        .map(|i| (start + Duration::days(i), (0, 0)))
        .collect();
    for day in crate::figures::daily(conn, scope, &start.format("%Y-%m-%d").to_string())? {
        let date = NaiveDate::parse_from_str(&day.day, "%Y-%m-%d").ok();
        if let Some(counts) = date.and_then(|date| days.get_mut(&date)) {
            counts.0 += day.created;
            counts.1 += day.delivered;
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
