//! The query parameters every list shares, typed by what the list sorts on, so each list's
//! document names its own sort columns: `?page=&per_page=&q=&sort=` ([`Listing`]) or just
//! `?page=&per_page=` ([`Paging`]).

use std::marker::PhantomData;

use colivra_core::pagination::MAX_PER_PAGE;
use colivra_core::ListQuery;
use serde::Deserialize;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::Required;
use utoipa::IntoParams;

/// The columns a list sorts on; the first is its default.
pub trait SortColumns {
    const COLUMNS: &'static [&'static str];
}

/// A list searched but not sorted by the caller.
pub struct Unsorted;

impl SortColumns for Unsorted {
    const COLUMNS: &'static [&'static str] = &[];
}

/// Names each list's sort columns, as the domain crate lists them.
macro_rules! sort_columns {
    ($($name:ident => $columns:path),* $(,)?) => {
        $(
            #[doc = concat!("Sort columns: `", stringify!($columns), "`.")]
            pub struct $name;
            impl SortColumns for $name {
                const COLUMNS: &'static [&'static str] = $columns;
            }
        )*
    };
}

sort_columns!(
    MerchantSort => colivra_auth::accounts::MERCHANT_SORTABLE,
    DeliveryPersonSort => colivra_auth::delivery_people::SORTABLE,
    StaffSort => colivra_auth::staff::SORTABLE,
    CitySort => colivra_parcels::cities::SORTABLE,
    ShopSort => colivra_parcels::shops::SORTABLE,
    CostSort => colivra_parcels::prices::COST_SORTABLE,
    PriceSort => colivra_parcels::prices::PRICE_SORTABLE,
    ParcelSort => colivra_parcels::list::SORTABLE,
    VoucherSort => colivra_vouchers::list::SORTABLE,
    InvoiceSort => colivra_invoicing::view::SORTABLE,
    BalanceSort => colivra_invoicing::balances::SORTABLE,
    ProductSort => colivra_inventory::products::SORTABLE,
    MovementSort => colivra_inventory::movements::SORTABLE,
);

/// `?page=&per_page=&q=&sort=`: a page of a list searched with `q` and sorted on `S`'s columns
/// (`-` before a column for descending).
#[derive(Debug, Deserialize)]
pub struct Listing<S> {
    page: Option<i64>,
    per_page: Option<i64>,
    sort: Option<String>,
    q: Option<String>,
    #[serde(skip)]
    columns: PhantomData<S>,
}

impl<S> Listing<S> {
    /// The domain's form of the request.
    pub fn into_inner(self) -> ListQuery {
        ListQuery {
            page: self.page,
            per_page: self.per_page,
            sort: self.sort,
            q: self.q,
        }
    }
}

/// `?page=&per_page=`: a page of a list neither searched nor sorted.
#[derive(Debug, Deserialize, Default)]
pub struct Paging {
    page: Option<i64>,
    per_page: Option<i64>,
}

impl Paging {
    pub fn into_inner(self) -> ListQuery {
        ListQuery {
            page: self.page,
            per_page: self.per_page,
            ..Default::default()
        }
    }
}

fn query_param(name: &str, schema: ObjectBuilder, description: &str) -> Parameter {
    ParameterBuilder::new()
        .name(name)
        .parameter_in(ParameterIn::Query)
        .required(Required::False)
        .schema(Some(schema))
        .description(Some(description))
        .build()
}

fn page_params() -> Vec<Parameter> {
    let integer = || {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
            .minimum(Some(1))
    };
    vec![
        query_param(
            "page",
            integer(),
            "1-based page number (smaller values read as 1).",
        ),
        query_param(
            "per_page",
            integer().maximum(Some(MAX_PER_PAGE)),
            "Rows per page, 1 to 100 (default 25; values outside are brought within).",
        ),
    ]
}

impl IntoParams for Paging {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        page_params()
    }
}

impl<S: SortColumns> IntoParams for Listing<S> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let mut params = page_params();
        params.push(query_param(
            "q",
            ObjectBuilder::new()
                .schema_type(Type::String)
                .max_length(Some(100)),
            "Free-text search, 100 characters at most once trimmed (422 otherwise).",
        ));
        if !S::COLUMNS.is_empty() {
            let values: Vec<String> = S::COLUMNS
                .iter()
                .flat_map(|c| [c.to_string(), format!("-{c}")])
                .collect();
            params.push(query_param(
                "sort",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(values)),
                "Sort column; `-` before it for descending.",
            ));
        }
        params
    }
}
