//! What handlers answer. Each reply is a `Responder` that also describes its status and body, so
//! a handler's return type is the whole truth about its success answer.

use std::marker::PhantomData;

use actix_web::body::BoxBody;
use actix_web::http::header::{HeaderName, HeaderValue, CACHE_CONTROL, CONTENT_DISPOSITION};
use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, Responder};
use colivra_core::{PageMeta, Paginated};
use serde::Serialize;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
use utoipa::openapi::{ContentBuilder, ResponseBuilder};
use utoipa::ToSchema;

use super::doc::{DescribeReply, OperationDoc};

/// `{"data": ...}` around a body: the shape of every single-object answer.
#[derive(Serialize)]
struct Data<T> {
    data: T,
}

fn json<T: Serialize>(status: StatusCode, body: &T) -> HttpResponse {
    HttpResponse::build(status).json(body)
}

/// `{"data": <T>}` in the document, with `T` a component.
fn data_of<T: ToSchema>(doc: &mut OperationDoc) -> ObjectBuilder {
    let item = doc.component::<T>();
    ObjectBuilder::new().property("data", item).required("data")
}

/// `{"data": [<T>]}` in the document.
fn data_list_of<T: ToSchema>(doc: &mut OperationDoc) -> ObjectBuilder {
    let item = doc.component::<T>();
    ObjectBuilder::new()
        .property("data", ArrayBuilder::new().items(item))
        .required("data")
}

fn success(doc: &mut OperationDoc, status: u16, body: Option<ObjectBuilder>) {
    let mut response = ResponseBuilder::new().description("Success");
    if let Some(body) = body {
        response = response.content(
            "application/json",
            ContentBuilder::new().schema(Some(body)).build(),
        );
    }
    doc.success = Some((status, response.build()));
}

macro_rules! data_reply {
    ($(#[$doc:meta])* $name:ident, $status:ident, $code:literal) => {
        $(#[$doc])*
        pub struct $name<T>(pub T);

        impl<T: Serialize> Responder for $name<T> {
            type Body = BoxBody;

            fn respond_to(self, _: &HttpRequest) -> HttpResponse {
                json(StatusCode::$status, &Data { data: self.0 })
            }
        }

        impl<T: ToSchema> DescribeReply for $name<T> {
            fn describe(doc: &mut OperationDoc) {
                let body = data_of::<T>(doc);
                success(doc, $code, Some(body));
            }
        }
    };
}

data_reply!(
    /// 200 `{"data": T}`.
    Reply, OK, 200
);
data_reply!(
    /// 201 `{"data": T}`: what was created.
    Created, CREATED, 201
);
data_reply!(
    /// 202 `{"data": T}`: taken, to be decided later (a payout account change awaiting approval).
    Accepted, ACCEPTED, 202
);

/// 200 `{"data": [T]}`: a short list that is never paged.
pub struct Items<T>(pub Vec<T>);

impl<T: Serialize> Responder for Items<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        json(StatusCode::OK, &Data { data: self.0 })
    }
}

impl<T: ToSchema> DescribeReply for Items<T> {
    fn describe(doc: &mut OperationDoc) {
        let body = data_list_of::<T>(doc);
        success(doc, 200, Some(body));
    }
}

/// 200 `{"data": [T], "meta": {...}}`: a page of a list.
pub struct Paged<T>(pub Paginated<T>);

impl<T> From<Paginated<T>> for Paged<T> {
    fn from(page: Paginated<T>) -> Self {
        Paged(page)
    }
}

impl<T: Serialize> Responder for Paged<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        json(StatusCode::OK, &self.0)
    }
}

impl<T: ToSchema> DescribeReply for Paged<T> {
    fn describe(doc: &mut OperationDoc) {
        let meta = doc.component::<PageMeta>();
        let body = data_list_of::<T>(doc)
            .property("meta", meta)
            .required("meta");
        success(doc, 200, Some(body));
    }
}

fn bare<T: ToSchema>(doc: &mut OperationDoc, status: u16) {
    let body = doc.component::<T>();
    let response = ResponseBuilder::new()
        .description("Success")
        .content(
            "application/json",
            ContentBuilder::new().schema(Some(body)).build(),
        )
        .build();
    doc.success = Some((status, response));
}

macro_rules! bare_reply {
    ($(#[$doc:meta])* $name:ident, $status:ident, $code:literal) => {
        $(#[$doc])*
        pub struct $name<T>(pub T);

        impl<T: Serialize> Responder for $name<T> {
            type Body = BoxBody;

            fn respond_to(self, _: &HttpRequest) -> HttpResponse {
                json(StatusCode::$status, &self.0)
            }
        }

        impl<T: ToSchema> DescribeReply for $name<T> {
            fn describe(doc: &mut OperationDoc) {
                bare::<T>(doc, $code);
            }
        }
    };
}

bare_reply!(
    /// 200 with `T` itself as the body, not under `data` (the user at sign-in, as the web app
    /// expects, and answers that are lists with their own shape).
    Bare, OK, 200
);
bare_reply!(
    /// 202 with `T` itself as the body (taken: a forgotten password's e-mail, if the account
    /// exists).
    BareAccepted, ACCEPTED, 202
);
bare_reply!(
    /// 201 with `T` itself as the body (registration answers the new user, as sign-in does).
    BareCreated, CREATED, 201
);

/// 204, no body.
pub struct NoContent;

impl Responder for NoContent {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        HttpResponse::NoContent().finish()
    }
}

impl DescribeReply for NoContent {
    fn describe(doc: &mut OperationDoc) {
        success(doc, 204, None);
    }
}

/// The media types a file answer may have.
pub trait FileKind {
    const MEDIA_TYPES: &'static [&'static str];
    /// The document's own content security policy, when the app's would stop the browser from
    /// showing it.
    const CONTENT_SECURITY_POLICY: Option<&'static str> = None;
}

pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// A PDF document.
pub struct Pdf;
impl FileKind for Pdf {
    const MEDIA_TYPES: &'static [&'static str] = &["application/pdf"];
    // The app's CSP forbids plugins (`object-src 'none'`), which would stop the browser's PDF
    // viewer; a document gets its own, still locked-down policy.
    const CONTENT_SECURITY_POLICY: Option<&'static str> = Some(
        "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    );
}

/// A bank's certificate a merchant attached to a RIB change: a PDF or an image, shown in the
/// browser's viewer, never run.
pub struct Certificate;
impl FileKind for Certificate {
    const MEDIA_TYPES: &'static [&'static str] = &["application/pdf", "image/jpeg", "image/png"];
    const CONTENT_SECURITY_POLICY: Option<&'static str> = Pdf::CONTENT_SECURITY_POLICY;
}

/// An image a person sent (a proof of delivery): shown, never run.
pub struct Image;
impl FileKind for Image {
    const MEDIA_TYPES: &'static [&'static str] = &["image/jpeg", "image/png", "image/webp"];
    const CONTENT_SECURITY_POLICY: Option<&'static str> =
        Some("default-src 'none'; frame-ancestors 'none'; sandbox");
}

/// A CSV file.
pub struct Csv;
impl FileKind for Csv {
    const MEDIA_TYPES: &'static [&'static str] = &["text/csv"];
}

/// A spreadsheet: CSV or xlsx, as asked.
pub struct Sheet;
impl FileKind for Sheet {
    const MEDIA_TYPES: &'static [&'static str] = &["text/csv", XLSX];
}

/// What a file answer's body is: bytes at hand, or a stream produced as it is sent.
enum FileBody {
    Bytes(Vec<u8>),
    Stream(BoxBody),
}

/// 200 with a file: a PDF to show, a CSV or xlsx to save. Never cached (it holds personal data).
pub struct File<K: FileKind> {
    body: FileBody,
    content_type: &'static str,
    disposition: String,
    headers: Vec<(HeaderName, HeaderValue)>,
    kind: PhantomData<K>,
}

/// `filename="…"` for `file_name`, and when it is not plain ASCII (an Arabic reader's file) also
/// RFC 6266's `filename*=UTF-8''…`, which browsers prefer; the plain one then keeps its ASCII
/// characters (the code in it), else reads `document`.
pub fn disposition_name(file_name: &str) -> String {
    let plain = |c: char| c.is_ascii_graphic() && c != '"' && c != '\\' && c != '%';
    if file_name.chars().all(plain) {
        return format!("filename=\"{file_name}\"");
    }
    let (stem, extension) = file_name.rsplit_once('.').unwrap_or((file_name, ""));
    let mut fallback: String = stem.chars().filter(|c| plain(*c)).collect();
    let fallback_trimmed = fallback.trim_matches(|c: char| !c.is_ascii_alphanumeric());
    fallback = if fallback_trimmed.is_empty() {
        "document".to_owned()
    } else {
        fallback_trimmed.to_owned()
    };
    if !extension.is_empty() {
        fallback = format!("{fallback}.{extension}");
    }
    let encoded =
        percent_encoding::utf8_percent_encode(file_name, percent_encoding::NON_ALPHANUMERIC);
    format!("filename=\"{fallback}\"; filename*=UTF-8''{encoded}")
}

impl<K: FileKind> File<K> {
    fn new(body: FileBody, content_type: &'static str, file_name: &str, inline: bool) -> Self {
        let disposition = if inline { "inline" } else { "attachment" };
        File {
            body,
            content_type,
            disposition: format!("{disposition}; {}", disposition_name(file_name)),
            headers: Vec::new(),
            kind: PhantomData,
        }
    }

    /// A file to show in the browser (a PDF).
    pub fn inline(bytes: Vec<u8>, content_type: &'static str, file_name: &str) -> Self {
        Self::new(FileBody::Bytes(bytes), content_type, file_name, true)
    }

    /// A file to save.
    pub fn attachment(bytes: Vec<u8>, content_type: &'static str, file_name: &str) -> Self {
        Self::new(FileBody::Bytes(bytes), content_type, file_name, false)
    }

    /// A file to save, written while it is sent.
    pub fn streamed_attachment(body: BoxBody, content_type: &'static str, file_name: &str) -> Self {
        Self::new(FileBody::Stream(body), content_type, file_name, false)
    }

    /// One more header (exposed to the web app's scripts).
    pub fn header(mut self, name: &'static str, value: String) -> Self {
        if let Ok(value) = HeaderValue::try_from(value) {
            self.headers.push((HeaderName::from_static(name), value));
        }
        self
    }
}

impl<K: FileKind> Responder for File<K> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        let mut response = HttpResponse::Ok();
        response
            .content_type(self.content_type)
            .insert_header((CONTENT_DISPOSITION, self.disposition))
            .insert_header((CACHE_CONTROL, "no-store"));
        if let Some(policy) = K::CONTENT_SECURITY_POLICY {
            response.insert_header(("Content-Security-Policy", policy));
        }
        if !self.headers.is_empty() {
            let exposed: Vec<&str> = self.headers.iter().map(|(n, _)| n.as_str()).collect();
            response.insert_header(("Access-Control-Expose-Headers", exposed.join(", ")));
        }
        for (name, value) in self.headers {
            response.insert_header((name, value));
        }
        match self.body {
            FileBody::Bytes(bytes) => response.body(bytes),
            FileBody::Stream(body) => response.body(body),
        }
    }
}

impl<K: FileKind> DescribeReply for File<K> {
    fn describe(doc: &mut OperationDoc) {
        let mut response = ResponseBuilder::new().description("The file");
        for media_type in K::MEDIA_TYPES {
            response = response.content(
                *media_type,
                ContentBuilder::new()
                    .schema(Some(
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .content_media_type(*media_type),
                    ))
                    .build(),
            );
        }
        doc.success = Some((200, response.build()));
    }
}

/// 200 `{"data": T}` when the change is made, 202 with the same shape when it waits for someone
/// else's decision (a merchant's new RIB awaiting an admin).
pub enum OkOrAccepted<T> {
    Done(T),
    Accepted(T),
}

impl<T: Serialize> Responder for OkOrAccepted<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        match self {
            OkOrAccepted::Done(data) => json(StatusCode::OK, &Data { data }),
            OkOrAccepted::Accepted(data) => json(StatusCode::ACCEPTED, &Data { data }),
        }
    }
}

impl<T: ToSchema> DescribeReply for OkOrAccepted<T> {
    fn describe(doc: &mut OperationDoc) {
        let body = data_of::<T>(doc);
        success(doc, 200, Some(body));
        let body = data_of::<T>(doc);
        doc.answers.push((
            202,
            ResponseBuilder::new()
                .description("Taken, waiting for a decision (a merchant's new RIB awaits an admin's approval)")
                .content(
                    "application/json",
                    ContentBuilder::new().schema(Some(body)).build(),
                )
                .build(),
        ));
    }
}

/// 200 `{"data": T}` when there is something, 204 without a body when there is nothing (the
/// confirmation queue's next parcel).
pub struct OkOrNoContent<T>(pub Option<T>);

impl<T: Serialize> Responder for OkOrNoContent<T> {
    type Body = BoxBody;

    fn respond_to(self, _: &HttpRequest) -> HttpResponse {
        match self.0 {
            Some(data) => json(StatusCode::OK, &Data { data }),
            None => HttpResponse::NoContent().finish(),
        }
    }
}

impl<T: ToSchema> DescribeReply for OkOrNoContent<T> {
    fn describe(doc: &mut OperationDoc) {
        let body = data_of::<T>(doc);
        success(doc, 200, Some(body));
        doc.answers.push((
            204,
            ResponseBuilder::new()
                .description("Nothing to give now")
                .build(),
        ));
    }
}

/// An answer whose texts are in the reader's language (`Accept-Language`): caches must keep one
/// per language.
pub struct Localized<R>(pub R);

impl<R: Responder> Responder for Localized<R> {
    type Body = R::Body;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse<R::Body> {
        let mut response = self.0.respond_to(req);
        response.headers_mut().append(
            actix_web::http::header::VARY,
            HeaderValue::from_static("Accept-Language"),
        );
        response
    }
}

impl<R: DescribeReply> DescribeReply for Localized<R> {
    fn describe(doc: &mut OperationDoc) {
        R::describe(doc)
    }
}

/// Describes one more answer with a JSON body of its own (`T` as it is).
pub fn other_answer<T: ToSchema>(doc: &mut OperationDoc, status: u16, description: &str) {
    let body = doc.component::<T>();
    doc.answers.push((
        status,
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new().schema(Some(body)).build(),
            )
            .build(),
    ));
}

/// An answer that also sets cookies (the session's CSRF token, or its removal), and may ask for
/// the session cookie to end with the browser.
pub struct WithCookies<R> {
    pub reply: R,
    pub cookies: Vec<actix_web::cookie::Cookie<'static>>,
    /// The session cookie lasts as long as the browser (sign-in without « remember me »).
    pub browser_session: bool,
}

impl<R> WithCookies<R> {
    pub fn new(reply: R) -> Self {
        WithCookies {
            reply,
            cookies: Vec::new(),
            browser_session: false,
        }
    }

    pub fn cookie(mut self, cookie: actix_web::cookie::Cookie<'static>) -> Self {
        self.cookies.push(cookie);
        self
    }
}

impl<R: Responder> Responder for WithCookies<R> {
    type Body = R::Body;

    fn respond_to(self, req: &HttpRequest) -> HttpResponse<R::Body> {
        let mut response = self.reply.respond_to(req);
        for cookie in self.cookies {
            if let Err(error) = response.add_cookie(&cookie) {
                tracing::error!(%error, "cookie not set");
            }
        }
        if self.browser_session {
            response
                .extensions_mut()
                .insert(crate::middleware::session_cookie::BrowserSessionCookie);
        }
        response
    }
}

impl<R: DescribeReply> DescribeReply for WithCookies<R> {
    fn describe(doc: &mut OperationDoc) {
        R::describe(doc)
    }
}

#[cfg(test)]
mod tests {
    use super::disposition_name;

    #[test]
    fn a_file_name_not_in_ascii_is_given_in_utf8_with_a_plain_fallback() {
        assert_eq!(
            disposition_name("etiquettes.pdf"),
            "filename=\"etiquettes.pdf\""
        );
        assert_eq!(
            disposition_name("ملصقات.pdf"),
            "filename=\"document.pdf\"; filename*=UTF-8''%D9%85%D9%84%D8%B5%D9%82%D8%A7%D8%AA%2Epdf"
        );
        assert_eq!(
            disposition_name("وصل-دخول-BE55NT.pdf"),
            "filename=\"BE55NT.pdf\"; filename*=UTF-8''%D9%88%D8%B5%D9%84%2D%D8%AF%D8%AE%D9%88%D9%84%2DBE55NT%2Epdf"
        );
        // Quotes never reach the header unescaped.
        assert!(disposition_name("a\"b.pdf").starts_with("filename=\"ab.pdf\"; filename*="));
    }
}
