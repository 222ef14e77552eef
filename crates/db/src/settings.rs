//! Server-wide values kept in the database so every gateway process shares them.

use diesel::prelude::*;

use crate::connection::DbConnection;
use crate::error::is_unique_violation;
use crate::schema::settings;

pub fn get(conn: &mut DbConnection, name: &str) -> QueryResult<Option<String>> {
    settings::table
        .find(name)
        .select(settings::value)
        .first(conn)
        .optional()
}

/// The value stored under `name`, or `generate()` stored now. Two processes racing settle on
/// the first one written.
pub fn get_or_init(
    conn: &mut DbConnection,
    name: &str,
    generate: impl FnOnce() -> String,
) -> QueryResult<String> {
    if let Some(value) = get(conn, name)? {
        return Ok(value);
    }
    let value = generate();
    match diesel::insert_into(settings::table)
        .values((settings::name.eq(name), settings::value.eq(&value)))
        .execute(conn)
    {
        Ok(_) => Ok(value),
        Err(error) if is_unique_violation(&error) => get(conn, name)?.ok_or(error),
        Err(error) => Err(error),
    }
}
