import { describe, expect, it } from "vitest";
import { landingPageSchema, mediaPath } from "./schemas";
import { mediaSource } from "~/routes/media.$name";

const landing = (popularSmartphones: unknown[]) => landingPageSchema.parse({ carrierCode: "fixly", heroTitle: "We come to you!", popularSmartphones });

describe("pictures from the CMS media library (ADR 085)", () => {
  it("are served through the site's /media route by file name", () => {
    expect(mediaPath("/uploads/iphone_15_3f2a1b.svg")).toBe("/media/iphone_15_3f2a1b.svg");
    expect(mediaPath("https://bucket.example/uploads/small_ipad_9c1.png?v=2")).toBe("/media/small_ipad_9c1.png");
    expect(mediaPath("/uploads/..")).toBeNull();
    expect(mediaPath("javascript:alert(1)")).toBeNull();
  });

  it("win over the older picture address of a carousel item, which stays the fallback", () => {
    const [fromLibrary, fromPath] = landing([
      { title: "iPhone 15", imagePath: "/images/devices/iphone-15.svg", image: { url: "/uploads/iphone_15_3f2a1b.svg" } },
      { title: "iPhone 16", imagePath: "/images/devices/iphone-16.svg", image: null },
    ]).popularSmartphones;
    expect(fromLibrary).toEqual({ title: "iPhone 15", imagePath: "/media/iphone_15_3f2a1b.svg", srcSet: undefined });
    expect(fromPath).toEqual({ title: "iPhone 16", imagePath: "/images/devices/iphone-16.svg" });
  });

  it("offer the smaller renditions Strapi made as a srcset, smallest first", () => {
    const [item] = landing([
      {
        title: "Galaxy S24",
        image: {
          url: "/uploads/galaxy_s24_a1.png",
          width: 1200,
          formats: { small: { url: "/uploads/small_galaxy_s24_a1.png", width: 500 }, thumbnail: { url: "/uploads/thumbnail_galaxy_s24_a1.png", width: 156 } },
        },
      },
    ]).popularSmartphones;
    expect(item!.srcSet).toBe("/media/thumbnail_galaxy_s24_a1.png 156w, /media/small_galaxy_s24_a1.png 500w, /media/galaxy_s24_a1.png 1200w");
  });

  it("are read from the CMS's uploads, or from CMS_MEDIA_URL when a CDN or bucket holds them", () => {
    expect(mediaSource("a.svg", { CMS_URL: "http://127.0.0.1:1337" }).href).toBe("http://127.0.0.1:1337/uploads/a.svg");
    expect(mediaSource("a.svg", { CMS_URL: "http://cms:1337", CMS_MEDIA_URL: "https://cdn.example/media/" }).href).toBe("https://cdn.example/media/a.svg");
  });
});
