import { describe, expect, it } from "vitest";
import { parseAddressForm } from "./address-form";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe("change-address form", () => {
  it("requires line 1, town and postcode; line 2 is optional", () => {
    const result = parseAddressForm(form({ line_1: " ", line_2: "", town: "", postcode: "" }));
    expect(result).toMatchObject({
      ok: false,
      fields: { line_1: "manage.address.errors.line1Missing", town: "manage.address.errors.townMissing", postcode: "manage.address.errors.postcodeMissing" },
    });
  });

  it("keeps a picked address's point and drops a missing one", () => {
    const picked = parseAddressForm(form({ line_1: "1 Main St", town: "London", postcode: "SW1A 2AA", latitude: "51.5", longitude: "-0.12" }));
    expect(picked).toEqual({ ok: true, address: { line_1: "1 Main St", line_2: "", town: "London", postcode: "SW1A 2AA", latitude: 51.5, longitude: -0.12 } });
    const typed = parseAddressForm(form({ line_1: "1 Main St", town: "London", postcode: "SW1A 2AA", latitude: "" }));
    expect(typed).toMatchObject({ ok: true, address: { latitude: null, longitude: null } });
  });
});
