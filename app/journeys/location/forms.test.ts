import { describe, expect, it } from "vitest";
import { dropOffFormSchema } from "./drop-off-form";
import { repairLocationFormSchema } from "./repair-location-form";
import { formatDistance, storeFormSchema } from "./store-form";
import { supportOptions } from "./support-options";

describe("the store form", () => {
  it("chooses a store by its code, from the list or typed", () => {
    expect(storeFormSchema.parse({ intent: "choose-GH-TCR", store_code: "GH-TCR" })).toEqual({ intent: "choose", store_code: "GH-TCR" });
    expect(storeFormSchema.parse({ store_code: " gh-tcr " })).toEqual({ intent: "choose", store_code: "gh-tcr" });
  });

  it("needs a code to choose, none to go on without a store", () => {
    expect(storeFormSchema.safeParse({ intent: "choose", store_code: "" }).error?.issues[0]?.message).toBe("booking-location.store.codeMissing");
    expect(storeFormSchema.parse({ intent: "ignore" })).toEqual({ intent: "ignore" });
  });

  it("shows distances with one decimal below 10 km, in the page's language", () => {
    expect(formatDistance(2.34, "en")).toBe("2.3 km");
    expect(formatDistance(2.34, "de")).toBe("2,3 km");
    expect(formatDistance(12.6, "en")).toBe("13 km");
    expect(formatDistance(null, "en")).toBeNull();
  });
});

describe("the repair-location form", () => {
  it("is a doorstep repair by default, which needs an address (listed or 'manual')", () => {
    expect(repairLocationFormSchema.parse({ address_id: "GB-001" })).toEqual({ repair_location: "doorstep", address_id: "GB-001" });
    expect(repairLocationFormSchema.safeParse({ repair_location: "doorstep" }).error?.issues[0]?.message).toBe("booking-location.repairLocation.chooseAddress");
  });

  it("needs nothing else for a drop-off", () => {
    expect(repairLocationFormSchema.parse({ repair_location: "drop_off" })).toEqual({ repair_location: "drop_off" });
  });

  it("needs no address for a repair by post, and reads anything unknown as the doorstep (ADR 140)", () => {
    expect(repairLocationFormSchema.parse({ repair_location: "mail_in", address_id: "GB-001" })).toEqual({ repair_location: "mail_in" });
    expect(repairLocationFormSchema.parse({ repair_location: "by_pigeon", address_id: "GB-001" })).toEqual({ repair_location: "doorstep", address_id: "GB-001" });
  });

  it("takes a drop-off store by its numeric id", () => {
    expect(dropOffFormSchema.parse({ store_id: "3" })).toEqual({ store_id: 3 });
    expect(dropOffFormSchema.safeParse({ store_id: "abc" }).success).toBe(false);
  });
});

describe("the external options (repair-type)", () => {
  const carrier = {
    externalSupportPickerUrl: "https://support.example/picker",
    web: "https://www.example.com",
    formattedWeb: "www.example.com",
    phone: "0808 157 0123",
    email: "help@example.com",
    additionalLandingPageLimit: 7,
  };

  it("lists the carrier's support picker, website, phone, e-mail and the help guides", () => {
    expect(supportOptions(carrier).map((o) => [o.kind, o.href])).toEqual([
      ["picker", "https://support.example/picker"],
      ["web", "https://www.example.com"],
      ["phone", "tel:08081570123"],
      ["email", "mailto:help@example.com"],
      ["help", "/help"],
    ]);
  });

  it("shows only what the carrier has, at most its limit", () => {
    expect(supportOptions({ ...carrier, externalSupportPickerUrl: null, web: null, phone: null, email: null }).map((o) => o.kind)).toEqual(["help"]);
    expect(supportOptions({ ...carrier, additionalLandingPageLimit: 3 })).toHaveLength(3);
  });
});
