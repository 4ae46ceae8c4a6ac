import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { normaliseProofImage } from "./proof-image";

const PNG_1X1 = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64"));
const HTML = new TextEncoder().encode("<html><script>alert(document.cookie)</script></html>");

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

async function jpeg(): Promise<Uint8Array> {
  const buffer = await sharp({ create: { width: 4, height: 3, channels: 3, background: "#336699" } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-location" } } })
    .toBuffer();
  return new Uint8Array(buffer);
}

describe("proof-of-purchase images", () => {
  it("accepts a whole PNG and stores it re-encoded as PNG", async () => {
    const image = await normaliseProofImage(PNG_1X1);
    expect(image?.type).toBe("image/png");
    expect((await sharp(image!.bytes).metadata()).format).toBe("png");
  });

  it("accepts a JPEG and stores it without its metadata", async () => {
    const image = await normaliseProofImage(await jpeg());
    expect(image?.type).toBe("image/jpeg");
    const metadata = await sharp(image!.bytes).metadata();
    expect(metadata).toMatchObject({ format: "jpeg", width: 4, height: 3 });
    expect(metadata.exif).toBeUndefined();
  });

  it("refuses a file that only starts like a PNG or JPEG", async () => {
    expect(await normaliseProofImage(concat(PNG_1X1.slice(0, 8), HTML))).toBeNull();
    expect(await normaliseProofImage(concat(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]), HTML))).toBeNull();
  });

  it("drops whatever follows the image data", async () => {
    const image = await normaliseProofImage(concat(PNG_1X1, HTML));
    expect(image).not.toBeNull();
    expect(Buffer.from(image!.bytes).includes("<script>")).toBe(false);
  });

  it("refuses an empty file, a truncated image and another format", async () => {
    expect(await normaliseProofImage(new Uint8Array())).toBeNull();
    expect(await normaliseProofImage(PNG_1X1.slice(0, 40))).toBeNull();
    const gif = new Uint8Array(
      await sharp({ create: { width: 1, height: 1, channels: 3, background: "#fff" } })
        .gif()
        .toBuffer(),
    );
    expect(await normaliseProofImage(gif)).toBeNull();
  });
});
