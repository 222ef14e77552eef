//! A proof image as sent (base64, or a `data:` URL): its type read from its first bytes, never
//! from what the sender says, and a JPEG's metadata segments dropped (EXIF carries the camera, the
//! time and often the place; the proof keeps its own position, given knowingly).

use base64::Engine;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    Webp,
}

impl ImageKind {
    pub fn media_type(self) -> &'static str {
        match self {
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Png => "image/png",
            ImageKind::Webp => "image/webp",
        }
    }

    pub fn from_media_type(value: &str) -> Option<ImageKind> {
        [ImageKind::Jpeg, ImageKind::Png, ImageKind::Webp]
            .into_iter()
            .find(|kind| kind.media_type() == value)
    }

    /// The type the bytes are, by their signature.
    fn sniff(bytes: &[u8]) -> Option<ImageKind> {
        if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(ImageKind::Jpeg)
        } else if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
            Some(ImageKind::Png)
        } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
            Some(ImageKind::Webp)
        } else {
            None
        }
    }
}

#[derive(Debug, Clone)]
pub struct ProofImage {
    kind: ImageKind,
    bytes: Vec<u8>,
}

impl ProofImage {
    pub fn kind(&self) -> ImageKind {
        self.kind
    }

    pub fn bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// Decodes `value` and checks it is a JPEG, PNG or WebP image of at most `max_bytes`.
    pub fn decode(value: &str, max_bytes: usize) -> Result<ProofImage, String> {
        let data = match value.strip_prefix("data:") {
            Some(url) => match url.split_once(',') {
                Some((header, data)) if header.ends_with(";base64") => data,
                _ => return Err("un contenu en base64 est attendu.".to_owned()),
            },
            None => value,
        };
        let too_big = || format!("{} Ko au plus.", max_bytes / 1024);
        // Base64 holds 3 bytes in 4 characters: refuse a body too long before decoding it.
        if data.len() > max_bytes.div_ceil(3) * 4 + 4 {
            return Err(too_big());
        }
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(data.trim())
            .map_err(|_| "un contenu en base64 est attendu.".to_owned())?;
        if bytes.len() > max_bytes {
            return Err(too_big());
        }
        let kind = ImageKind::sniff(&bytes)
            .ok_or_else(|| "une image JPEG, PNG ou WebP est attendue.".to_owned())?;
        let bytes = match kind {
            ImageKind::Jpeg => {
                without_jpeg_metadata(&bytes).ok_or_else(|| "image JPEG illisible.".to_owned())?
            }
            _ => bytes,
        };
        Ok(ProofImage { kind, bytes })
    }
}

/// The JPEG without its metadata segments (APP1 to APP13 and APP15: EXIF, XMP, Photoshop…;
/// comments). APP0 (JFIF), APP2 (the colour profile) and APP14 (Adobe's colour transform) stay:
/// they change how the picture looks. `None` when the segments do not parse.
fn without_jpeg_metadata(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut kept = Vec::with_capacity(bytes.len());
    kept.extend_from_slice(&bytes[..2]);
    let mut at = 2;
    loop {
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        // Fill bytes may precede a marker.
        let mut marker_at = at + 1;
        while *bytes.get(marker_at)? == 0xFF {
            marker_at += 1;
        }
        let marker = bytes[marker_at];
        if marker == 0xD9 {
            kept.extend_from_slice(&bytes[at..=marker_at]);
            return Some(kept);
        }
        if (0xD0..=0xD7).contains(&marker) || marker == 0x01 {
            kept.extend_from_slice(&bytes[at..=marker_at]);
            at = marker_at + 1;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([
            *bytes.get(marker_at + 1)?,
            *bytes.get(marker_at + 2)?,
        ]));
        if length < 2 {
            return None;
        }
        let end = marker_at + 1 + length;
        if end > bytes.len() {
            return None;
        }
        if marker == 0xDA {
            // Start of scan: the compressed picture follows, to the end.
            kept.extend_from_slice(&bytes[at..]);
            return Some(kept);
        }
        let metadata = matches!(marker, 0xE1 | 0xE3..=0xED | 0xEF | 0xFE);
        if !metadata {
            kept.extend_from_slice(&bytes[at..end]);
        }
        at = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b64(bytes: &[u8]) -> String {
        base64::engine::general_purpose::STANDARD.encode(bytes)
    }

    #[test]
    fn reads_the_type_from_the_bytes() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        let image = ProofImage::decode(&format!("data:image/jpeg;base64,{}", b64(png)), 1024);
        assert_eq!(image.unwrap().kind(), ImageKind::Png);
        let webp = b"RIFF\x10\0\0\0WEBPVP8 ";
        assert_eq!(
            ProofImage::decode(&b64(webp), 1024).unwrap().kind(),
            ImageKind::Webp
        );
        let html = b"<svg onload=alert(1)>";
        let refused = ProofImage::decode(&format!("data:image/png;base64,{}", b64(html)), 1024);
        assert!(refused.unwrap_err().contains("JPEG, PNG ou WebP"));
        assert!(ProofImage::decode("not base64 !", 1024).is_err());
    }

    #[test]
    fn refuses_what_is_too_big() {
        let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
        png.resize(2048, 0);
        assert_eq!(
            ProofImage::decode(&b64(&png), 1024).unwrap_err(),
            "1 Ko au plus."
        );
        assert!(ProofImage::decode(&b64(&png), 2048).is_ok());
    }

    #[test]
    fn drops_exif_and_comments_from_a_jpeg() {
        let mut jpeg = vec![0xFF, 0xD8];
        jpeg.extend_from_slice(&[0xFF, 0xE0, 0x00, 0x06, b'J', b'F', b'I', b'F']);
        jpeg.extend_from_slice(&[0xFF, 0xE1, 0x00, 0x08, b'E', b'x', b'i', b'f', 0, 0]);
        jpeg.extend_from_slice(&[0xFF, 0xFE, 0x00, 0x05, b'h', b'i', b'!']);
        jpeg.extend_from_slice(&[0xFF, 0xDB, 0x00, 0x03, 0x42]);
        jpeg.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x03, 0x01, 0x12, 0x34, 0xFF, 0xD9]);
        let image = ProofImage::decode(&b64(&jpeg), 1024).unwrap();
        let mut expected = vec![0xFF, 0xD8];
        expected.extend_from_slice(&[0xFF, 0xE0, 0x00, 0x06, b'J', b'F', b'I', b'F']);
        expected.extend_from_slice(&[0xFF, 0xDB, 0x00, 0x03, 0x42]);
        expected.extend_from_slice(&[0xFF, 0xDA, 0x00, 0x03, 0x01, 0x12, 0x34, 0xFF, 0xD9]);
        assert_eq!(image.bytes(), expected.as_slice());
        // A truncated segment is refused, not kept half-read.
        let broken = [0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x40, 0x01];
        assert!(ProofImage::decode(&b64(&broken), 1024).is_err());
    }
}
