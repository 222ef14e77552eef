// The bank's certificate (attestation de RIB) a merchant attaches to his pending RIB change,
// checked in the browser as the server checks it (crates/parcels/src/shops/rib.rs): 2 MB at most,
// then a PDF, JPEG or PNG by its first bytes, whatever its name or the type the browser gives.

export const CERTIFICATE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type CertificateType = (typeof CERTIFICATE_TYPES)[number];

/** The largest certificate the server keeps: 2 MB. */
export const MAX_CERTIFICATE_BYTES = 2 * 1024 * 1024;

/** What the file picker offers (the content decides anyway). */
export const CERTIFICATE_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

/** The type of a certificate from its first bytes, null when none of the three. */
export function certificateTypeOf(bytes: Uint8Array): CertificateType | null {
  const starts = (head: readonly number[]) => head.every((byte, index) => bytes[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf'; // %PDF-
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  return null;
}

export type CertificateProblem = 'size' | 'type';

/** A chosen file: fit to send (with the type to send it as) or refused, and why. */
export type CertificateChoice =
  | { file: File; type: CertificateType; problem?: undefined }
  | { file: File; type?: undefined; problem: CertificateProblem };

/** Checks a chosen file as the server would: its size first, then its content. */
export async function checkCertificate(file: File): Promise<CertificateChoice> {
  if (file.size > MAX_CERTIFICATE_BYTES) return { file, problem: 'size' };
  let type: CertificateType | null = null;
  try {
    type = certificateTypeOf(new Uint8Array(await file.slice(0, 8).arrayBuffer()));
  } catch (error) {
    console.error('Could not read the chosen certificate', error);
  }
  return type ? { file, type } : { file, problem: 'type' };
}
