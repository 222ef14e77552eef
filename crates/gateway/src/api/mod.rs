//! One declaration per endpoint. A handler's argument types (`Json<T>`, `web::Query<F>`,
//! `Upload<K>`, …) and its reply type (`Reply<T>`, `Created<T>`, `Paged<T>`, `NoContent`,
//! `File<K>`) say what it reads and answers; the route table names the handler, and the OpenAPI
//! document is derived from those types.

pub mod creation;
pub mod doc;
pub mod input;
pub mod query;
pub mod reply;
pub mod stream;

pub use doc::{DescribeInput, DescribeReply, OperationDoc};
pub use input::{CertificateBody, Creation, Db, New, SheetBody, SheetOrForm, Upload};
pub use reply::{
    Accepted, Bare, BareAccepted, BareCreated, Certificate, Created, Csv, File, Image, Items,
    Localized, NoContent, OkOrAccepted, OkOrNoContent, Paged, Pdf, Reply, Sheet,
};

/// The description of a handler, from its types: what `web::route().to(handler)` accepts.
pub fn describer<F, Args>(_handler: &F) -> fn(&mut OperationDoc)
where
    F: actix_web::Handler<Args>,
    Args: DescribeInput,
    F::Output: DescribeReply,
{
    doc::describe::<Args, F::Output>
}
