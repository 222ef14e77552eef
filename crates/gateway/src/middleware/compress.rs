//! Answers compressed on the wire: JSON, CSV and other text of 1 KB or more go out in brotli or
//! gzip when the browser accepts it. Smaller answers are sent as they are (compressing them costs
//! more than it saves); files that are already compressed (PDF, xlsx, images) and answers that
//! already carry a `Content-Encoding` (the build's precompressed assets) are left alone.

use actix_http::encoding::Encoder;
use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue, CONTENT_ENCODING, CONTENT_TYPE,
    VARY,
};
use actix_web::middleware::Next;
use actix_web::Error;

/// Below this many bytes an answer is sent uncompressed.
pub const THRESHOLD_BYTES: u64 = 1024;

/// What the browser accepts, best first: brotli, then gzip, else nothing (never a 406: an
/// answer the client cannot decode is simply sent uncompressed).
fn negotiate(req: &ServiceRequest) -> ContentEncoding {
    let Ok(accept) = AcceptEncoding::parse(req) else {
        return ContentEncoding::Identity;
    };
    let supported = [
        Encoding::Known(ContentEncoding::Brotli),
        Encoding::Known(ContentEncoding::Gzip),
    ];
    match accept.negotiate(supported.iter()) {
        Some(Encoding::Known(encoding @ (ContentEncoding::Brotli | ContentEncoding::Gzip))) => {
            encoding
        }
        _ => ContentEncoding::Identity,
    }
}

/// Text worth compressing: JSON, CSV, JavaScript, HTML and the like.
fn is_text(content_type: Option<&HeaderValue>) -> bool {
    let Some(value) = content_type.and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let media_type = value.split(';').next().unwrap_or("").trim();
    media_type.starts_with("text/")
        || media_type == "application/json"
        || media_type.ends_with("+json")
        || media_type == "application/javascript"
}

fn varies_by_encoding(headers: &actix_web::http::header::HeaderMap) -> bool {
    headers.get_all(VARY).any(|value| {
        value
            .to_str()
            .map(|v| v.to_ascii_lowercase().contains("accept-encoding"))
            .unwrap_or(false)
    })
}

pub async fn compress_answers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let accepted = negotiate(&req);
    let response = next.call(req).await?;
    Ok(response.map_body(move |head, body| {
        let text = is_text(head.headers.get(CONTENT_TYPE));
        let large = match body.size() {
            BodySize::Sized(size) => size >= THRESHOLD_BYTES,
            BodySize::Stream => true,
            BodySize::None => false,
        };
        let encoding = if text && large && !head.headers.contains_key(CONTENT_ENCODING) {
            accepted
        } else {
            ContentEncoding::Identity
        };
        if text && encoding == ContentEncoding::Identity && !varies_by_encoding(&head.headers) {
            // The answer exists in several encodings: caches must key on what was accepted
            // (the encoder says so itself when it compresses).
            head.headers
                .append(VARY, HeaderValue::from_static("Accept-Encoding"));
        }
        Encoder::response(encoding, head, body)
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn accepted(header: &str) -> ContentEncoding {
        negotiate(
            &TestRequest::default()
                .insert_header(("Accept-Encoding", header))
                .to_srv_request(),
        )
    }

    #[test]
    fn prefers_brotli_and_honours_refusals() {
        assert_eq!(accepted("gzip, deflate, br, zstd"), ContentEncoding::Brotli);
        assert_eq!(accepted("gzip"), ContentEncoding::Gzip);
        assert_eq!(accepted("br;q=0, gzip"), ContentEncoding::Gzip);
        assert_eq!(accepted("identity"), ContentEncoding::Identity);
        assert_eq!(accepted("*;q=0"), ContentEncoding::Identity);
        assert_eq!(
            negotiate(&TestRequest::default().to_srv_request()),
            ContentEncoding::Identity
        );
    }

    #[test]
    fn text_means_json_csv_and_scripts() {
        let value = |s: &'static str| HeaderValue::from_static(s);
        assert!(is_text(Some(&value("application/json"))));
        assert!(is_text(Some(&value("text/csv; charset=utf-8"))));
        assert!(is_text(Some(&value("application/problem+json"))));
        assert!(!is_text(Some(&value("application/pdf"))));
        assert!(!is_text(None));
    }
}
