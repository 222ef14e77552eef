//! What handlers read, and how each extractor describes itself: a JSON body, query parameters,
//! an uploaded file, or nothing the document shows (the caller, the database, the language).

use std::future::{ready, Future, Ready};
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::Arc;

use actix_web::{web, FromRequest, HttpRequest};
use colivra_core::AppResult;
use colivra_db::DbConnection;
use colivra_parcels::stock::StockHooks;
use serde::de::DeserializeOwned;
use utoipa::openapi::path::ParameterIn;
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{ContentBuilder, RefOr, Required};
use utoipa::{IntoParams, ToSchema};

use super::doc::{DescribeInput, OperationDoc};
use crate::error::{ApiError, ApiResult};
use crate::extract::{Caller, Lang, Scoped};
use crate::middleware::edge::Json;
use crate::state::AppState;

/// The database, for handlers: each call runs on the blocking pool with one pooled connection.
pub struct Db(
    crate::db::Database,
    Arc<dyn StockHooks>,
    Arc<colivra_parcels::proof::ProofStore>,
    /// Where this caller's reads that decide no write go (the read replica when it may).
    crate::db::Database,
);

impl Db {
    /// What parcels ask of stock, for the parcel flows that reserve or release it.
    pub fn stock(&self) -> Arc<dyn StockHooks> {
        self.1.clone()
    }

    /// Where proof-of-delivery images are kept.
    pub fn proofs(&self) -> Arc<colivra_parcels::proof::ProofStore> {
        self.2.clone()
    }

    /// Runs `work` with a connection, off the async workers, in arrival order.
    pub async fn run<T, F>(&self, work: F) -> ApiResult<T>
    where
        F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        crate::db::run(&self.0, work).await
    }

    /// As [`Db::run`], for a read that decides no write (a list, a search, a dashboard): the
    /// read replica answers it when there is one, fresh enough and holding the caller's last
    /// write (`crate::replica`). Never for a read whose answer a write will rely on.
    pub async fn read<T, F>(&self, work: F) -> ApiResult<T>
    where
        F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
        T: Send + 'static,
    {
        crate::db::run(&self.3, work).await
    }

    /// The pool [`Db::read`] uses, for an export streamed after the handler returns.
    pub fn database_for_reading(&self) -> crate::db::Database {
        self.3.clone()
    }
}

impl FromRequest for Db {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        ready(
            req.app_data::<web::Data<AppState>>()
                .map(|state| {
                    let reads = match state.pool.replica() {
                        Some(replica) => state.pool.for_reading(replica.freshness.last_write(req)),
                        None => state.pool.clone(),
                    };
                    Db(
                        state.pool.clone(),
                        state.stock.clone(),
                        state.proofs.clone(),
                        reads,
                    )
                })
                .ok_or_else(|| ApiError(colivra_core::AppError::internal("state missing"))),
        )
    }
}

fn json_body(doc: &mut OperationDoc, schema: RefOr<Schema>, name: String) {
    doc.request = Some(
        RequestBodyBuilder::new()
            .required(Some(Required::True))
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(schema)).build(),
            )
            .build(),
    );
    doc.request_components.push(name);
}

impl<T: ToSchema + DeserializeOwned> DescribeInput for Json<T> {
    fn describe(doc: &mut OperationDoc) {
        let schema = doc.component::<T>();
        json_body(doc, schema, T::name().into_owned());
    }
}

/// A JSON body the server also takes when left out (a cancellation's optional comment): the
/// document, like every client of it, sends one.
impl<T: ToSchema + DeserializeOwned> DescribeInput for Option<Json<T>> {
    fn describe(doc: &mut OperationDoc) {
        Json::<T>::describe(doc);
    }
}

/// A JSON body the specification makes optional (`POST tokens`): described as the body it takes
/// when there is one.
impl<T: ToSchema + DeserializeOwned + Default> DescribeInput
    for crate::middleware::edge::OptionalJson<T>
{
    fn describe(doc: &mut OperationDoc) {
        Json::<T>::describe(doc);
    }
}

/// A body type that creation and edition share, with the fields creation must carry.
pub trait Creation: ToSchema {
    /// The component creation takes (`NewParcel` for `ParcelInput`).
    const CREATION_SCHEMA: &'static str;
    /// The fields it must carry (else 422).
    const REQUIRED: &'static [&'static str];
}

/// A creation's JSON body: `T` with the fields [`Creation::REQUIRED`] names required (and not
/// nullable) in the document; the domain checks them.
pub struct New<T>(pub T);

impl<T> New<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for New<T> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let body = Json::<T>::from_request(req, payload);
        Box::pin(async move { body.await.map(|Json(value)| New(value)) })
    }
}

/// `base` with `fields` required and not nullable.
fn creation_schema(base: RefOr<Schema>, fields: &[&str]) -> RefOr<Schema> {
    let RefOr::T(mut schema) = base else {
        return base;
    };
    if let Schema::Object(object) = &mut schema {
        for field in fields {
            if !object.required.iter().any(|r| r == field) {
                object.required.push((*field).to_owned());
            }
            if let Some(RefOr::T(Schema::Object(property))) = object.properties.get_mut(*field) {
                if let SchemaType::Array(types) = &property.schema_type {
                    let types: Vec<Type> = types
                        .iter()
                        .filter(|t| **t != Type::Null)
                        .cloned()
                        .collect();
                    property.schema_type = match types.as_slice() {
                        [one] => SchemaType::Type(one.clone()),
                        _ => SchemaType::Array(types),
                    };
                }
            }
        }
    }
    RefOr::T(schema)
}

impl<T: Creation> DescribeInput for New<T> {
    fn describe(doc: &mut OperationDoc) {
        // The edition body too, which the creation body is derived from (a request: open).
        doc.component::<T>();
        doc.request_components.push(T::name().into_owned());
        let name = T::CREATION_SCHEMA.to_owned();
        doc.register(name.clone(), creation_schema(T::schema(), T::REQUIRED));
        json_body(
            doc,
            utoipa::openapi::Ref::from_schema_name(name.clone()).into(),
            name,
        );
    }
}

impl<T: IntoParams> DescribeInput for web::Query<T> {
    fn describe(doc: &mut OperationDoc) {
        doc.query
            .extend(T::into_params(|| Some(ParameterIn::Query)));
    }
}

/// Path segments are named by the path template; their types by `path_parameter`.
impl<T> DescribeInput for web::Path<T> {}
impl DescribeInput for Db {}
impl DescribeInput for Caller {}
impl DescribeInput for Scoped {}
impl DescribeInput for Lang {}
impl DescribeInput for crate::extract::DocumentLanguage {}
impl DescribeInput for HttpRequest {}
impl DescribeInput for actix_session::Session {}
impl<T: ?Sized> DescribeInput for web::Data<T> {}

/// The media types an uploaded file may have.
pub trait UploadKind {
    const MEDIA_TYPES: &'static [&'static str];
}

/// A spreadsheet sent as the body itself: CSV or xlsx.
pub struct SheetBody;
impl UploadKind for SheetBody {
    const MEDIA_TYPES: &'static [&'static str] = &["text/csv", super::reply::XLSX];
}

/// A bank's certificate: a PDF or an image, as the body.
pub struct CertificateBody;
impl UploadKind for CertificateBody {
    const MEDIA_TYPES: &'static [&'static str] = &["application/pdf", "image/jpeg", "image/png"];
}

/// A spreadsheet sent as the body or as the `file` field of a form.
pub struct SheetOrForm;
impl UploadKind for SheetOrForm {
    const MEDIA_TYPES: &'static [&'static str] =
        &["multipart/form-data", "text/csv", super::reply::XLSX];
}

/// An uploaded file, as raw bytes with the request's content type (the domain reads it).
pub struct Upload<K> {
    pub bytes: web::Bytes,
    pub content_type: Option<String>,
    kind: PhantomData<K>,
}

impl<K> Upload<K> {
    /// The file: the `file` part of a `multipart/form-data` body, else the body itself.
    pub fn file(&self) -> AppResult<Vec<u8>> {
        let content_type = self.content_type.as_deref().unwrap_or_default();
        if !content_type
            .to_ascii_lowercase()
            .starts_with("multipart/form-data")
        {
            return Ok(self.bytes.to_vec());
        }
        multipart_file(content_type, &self.bytes)
    }
}

/// The `file` part of a multipart form.
fn multipart_file(content_type: &str, body: &[u8]) -> AppResult<Vec<u8>> {
    let missing = || {
        colivra_core::AppError::validation(
            "file",
            "Joignez un fichier CSV ou Excel (champ « file »).",
        )
    };
    let boundary = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .map(|b| b.trim_matches('"'))
        .filter(|b| !b.is_empty())
        .ok_or_else(missing)?;
    let delimiter = format!("--{boundary}").into_bytes();
    for part in split(body, &delimiter) {
        let Some(end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let headers = String::from_utf8_lossy(&part[..end]).to_ascii_lowercase();
        let named_file = headers.lines().any(|line| {
            line.starts_with("content-disposition")
                && (line.contains("name=\"file\"") || line.contains("name=file"))
        });
        if named_file {
            let content = &part[end + 4..];
            let content = content.strip_suffix(b"\r\n").unwrap_or(content);
            return Ok(content.to_vec());
        }
    }
    Err(missing())
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The parts between multipart delimiters.
fn split<'a>(body: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut parts = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delimiter) {
        rest = &rest[start + delimiter.len()..];
        let end = find(rest, delimiter).unwrap_or(rest.len());
        let part = &rest[..end];
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        if !part.starts_with(b"--") && !part.is_empty() {
            parts.push(part);
        }
        if end == rest.len() {
            break;
        }
    }
    parts
}

impl<K: 'static> FromRequest for Upload<K> {
    type Error = actix_web::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self, actix_web::Error>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let content_type = req
            .headers()
            .get(actix_web::http::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned);
        let bytes = web::Bytes::from_request(req, payload);
        Box::pin(async move {
            Ok(Upload {
                bytes: bytes.await?,
                content_type,
                kind: PhantomData,
            })
        })
    }
}

impl<K: UploadKind> DescribeInput for Upload<K> {
    fn describe(doc: &mut OperationDoc) {
        let mut body = RequestBodyBuilder::new().required(Some(Required::True));
        for media_type in K::MEDIA_TYPES {
            let schema = if *media_type == "multipart/form-data" {
                // A form with one file field, `file`.
                ObjectBuilder::new()
                    .property(
                        "file",
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .content_media_type("application/octet-stream"),
                    )
                    .required("file")
            } else {
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .content_media_type(*media_type)
            };
            body = body.content(
                *media_type,
                ContentBuilder::new().schema(Some(schema)).build(),
            );
        }
        doc.request = Some(body.build());
    }
}
