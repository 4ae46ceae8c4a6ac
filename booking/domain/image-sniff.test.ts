import { describe, expect, it } from "vitest";
import { MAX_PROOF_BYTES, extensionFor, sniffImage } from "./image-sniff";

// A real 1×1 PNG and the start of a real JFIF JPEG.
const PNG_1X1 = Uint8Array.from(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
const JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const EXIF_JPEG_START = Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x00, 0x18, 0x45, 0x78, 0x69, 0x66]);

describe("sniffImage", () => {
  it("recognises a PNG by its signature", () => {
    expect(sniffImage(PNG_1X1)).toBe("image/png");
  });

  it("recognises JFIF and EXIF JPEGs", () => {
    expect(sniffImage(JPEG_START)).toBe("image/jpeg");
    expect(sniffImage(EXIF_JPEG_START)).toBe("image/jpeg");
  });

  it("accepts an ArrayBuffer", () => {
    expect(sniffImage(PNG_1X1.slice().buffer)).toBe("image/png");
  });

  it("refuses a text file renamed to receipt.jpg", () => {
    const renamed = new TextEncoder().encode("Receipt: iPhone 15, paid 12/03/2024\n");
    expect(sniffImage(renamed)).toBeNull();
  });

  it("refuses other image types and truncated or empty files", () => {
    expect(sniffImage(new TextEncoder().encode("GIF89a\x01\x00"))).toBeNull();
    expect(sniffImage(new TextEncoder().encode("%PDF-1.7"))).toBeNull();
    expect(sniffImage(PNG_1X1.slice(0, 7))).toBeNull();
    expect(sniffImage(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
  });

  it("names the extension to store under", () => {
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor("image/png")).toBe("png");
  });
});

describe("MAX_PROOF_BYTES", () => {
  it("is 8 MiB", () => {
    expect(MAX_PROOF_BYTES).toBe(8_388_608);
  });
});
