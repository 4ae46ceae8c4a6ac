/**
 * Proof-of-purchase images checked on their whole content (ADR 056): the first bytes must say JPEG
 * or PNG, the whole file must decode as that format (sharp/libvips), and what is stored is the
 * decoded pixels encoded again. Anything a file carries besides its pixels (trailing HTML or script,
 * metadata with the customer's location) never reaches storage, and a file that only starts like an
 * image is refused.
 */
import sharp from "sharp";
import { sniffImage, type ProofImageType } from "../domain/image-sniff";

/** Decoding stops above this many pixels (a 48 MP phone photo fits), against decompression bombs. */
export const MAX_PROOF_PIXELS = 50_000_000;

export interface ProofImage {
  type: ProofImageType;
  bytes: Uint8Array;
}

const SHARP_FORMAT: Record<ProofImageType, string> = { "image/jpeg": "jpeg", "image/png": "png" };

/** The image re-encoded for storage, or null when the file is not a whole JPEG or PNG. */
export async function normaliseProofImage(bytes: Uint8Array): Promise<ProofImage | null> {
  const type = sniffImage(bytes);
  if (!type) return null;
  try {
    const image = sharp(bytes, { failOn: "error", limitInputPixels: MAX_PROOF_PIXELS });
    const metadata = await image.metadata();
    if (metadata.format !== SHARP_FORMAT[type]) return null;
    // rotate() applies the EXIF orientation before the metadata is dropped, so the photo stays upright.
    const pipeline = image.rotate();
    const output = type === "image/jpeg" ? await pipeline.jpeg({ quality: 90, mozjpeg: false }).toBuffer() : await pipeline.png().toBuffer();
    return { type, bytes: new Uint8Array(output.buffer, output.byteOffset, output.byteLength) };
  } catch {
    return null;
  }
}
