//! A file written while it is sent, chunk by chunk from the database: the next chunk is read
//! only when the client has taken the previous one, each on the blocking pool with a connection
//! of its own (other requests go between), so memory stays one chunk whatever the size.

use actix_web::body::{BodyStream, BoxBody, MessageBody};
use actix_web::web::Bytes;
use colivra_core::AppResult;
use colivra_db::DbConnection;

use crate::db::Database;

/// Where a stream stands: its head, then chunks after a cursor, then done.
enum Step {
    Head(Vec<u8>),
    After(Option<i64>),
    Done,
}

/// `head`, then the chunks `next(conn, cursor)` returns (bytes, and the cursor of the next chunk
/// or `None` at the end). An error mid-way ends the connection without the last chunk: the
/// status is sent already, and the client sees a cut download.
pub fn chunked<F>(db: Database, head: Vec<u8>, next: F) -> BoxBody
where
    F: Fn(&mut DbConnection, Option<i64>) -> AppResult<(Vec<u8>, Option<i64>)>
        + Clone
        + Send
        + 'static,
{
    let stream = futures_util::stream::unfold(Step::Head(head), move |step| {
        let (db, next) = (db.clone(), next.clone());
        async move {
            match step {
                Step::Head(bytes) => Some((Ok(Bytes::from(bytes)), Step::After(None))),
                Step::After(cursor) => {
                    match crate::db::run(&db, move |conn| next(conn, cursor)).await {
                        Ok((bytes, after)) => Some((
                            Ok(Bytes::from(bytes)),
                            after.map_or(Step::Done, |id| Step::After(Some(id))),
                        )),
                        Err(error) => {
                            tracing::error!(error = %error.0, "streamed file stopped");
                            Some((Err(std::io::Error::other(error.0.to_string())), Step::Done))
                        }
                    }
                }
                Step::Done => None,
            }
        }
    });
    BodyStream::new(stream).boxed()
}
