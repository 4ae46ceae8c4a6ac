/**
 * Proof-of-purchase images (spec §5: 'Image must be .jpg or .png format'). The type is decided by
 * the file's first bytes, never by its name or the browser's claimed content type, so a renamed
 * file of another kind is refused.
 */
export type ProofImageType = "image/jpeg" | "image/png";

/** Largest accepted proof-of-purchase upload: 8 MiB. */
export const MAX_PROOF_BYTES = 8 * 1024 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
// Every JPEG starts with SOI (FF D8) followed by the next marker's FF.
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff] as const;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  if (bytes.length < signature.length) return false;
  return signature.every((byte, i) => bytes[i] === byte);
}

export function sniffImage(bytes: Uint8Array | ArrayBuffer): ProofImageType | null {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (startsWith(view, JPEG_SIGNATURE)) return "image/jpeg";
  if (startsWith(view, PNG_SIGNATURE)) return "image/png";
  return null;
}

/** The file extension to store a sniffed image under. */
export function extensionFor(type: ProofImageType): "jpg" | "png" {
  return type === "image/jpeg" ? "jpg" : "png";
}
