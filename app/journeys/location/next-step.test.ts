import { describe, expect, it } from "vitest";
import { deviceStartPath, nextAfter, resumePath, type LocationFacts, type LocationSwitches } from "./next-step";

const plain: LocationSwitches = { singleMakeOnly: false, storeRequired: false, allowsInStoreDropOff: false };
const START = "/booking/postcode-search";
const booking = (overrides: Partial<LocationFacts> = {}): LocationFacts => ({
  postcode: "E1 6AN",
  store_code: null,
  store_ignored: false,
  device_count: 0,
  date: null,
  email: null,
  checkout_status: "PENDING",
  ...overrides,
});

describe("the step after a covered postcode or address", () => {
  it("goes to device make, or to device type for single-make carriers (make id 2)", () => {
    expect(nextAfter("address", plain, booking(), START)).toBe("/booking/device/make");
    expect(nextAfter("address", { ...plain, singleMakeOnly: true }, booking(), START)).toBe("/booking/device/type");
    expect(deviceStartPath({ singleMakeOnly: true })).toBe("/booking/device/type");
  });

  it("asks for the store first when the carrier requires one, unless it was chosen or ignored", () => {
    const required = { ...plain, storeRequired: true };
    expect(nextAfter("address", required, booking(), START)).toBe("/booking/store-search");
    expect(nextAfter("address", required, booking({ store_code: "GH-TCR" }), START)).toBe("/booking/device/make");
    expect(nextAfter("address", required, booking({ store_ignored: true }), START)).toBe("/booking/device/make");
  });

  it("offers the repair location when the carrier allows drop-off, and not again after it", () => {
    const dropOff = { ...plain, allowsInStoreDropOff: true };
    expect(nextAfter("address", dropOff, booking(), START)).toBe("/booking/repair-location");
    expect(nextAfter("store", dropOff, booking({ store_code: "GH-TCR" }), START)).toBe("/booking/repair-location");
    expect(nextAfter("repair-location", dropOff, booking(), START)).toBe("/booking/device/make");
  });

  it("goes from the store to the postcode search when the booking has no postcode yet", () => {
    expect(nextAfter("store", plain, booking({ postcode: null, store_code: "X" }), START)).toBe(START);
  });
});

describe("resuming a booking by reference", () => {
  it("carries on at the first unfinished step", () => {
    expect(resumePath(plain, booking({ postcode: null }), START)).toBe(START);
    expect(resumePath(plain, booking(), START)).toBe("/booking/device/make");
    expect(resumePath({ ...plain, storeRequired: true }, booking(), START)).toBe("/booking/store-search");
    expect(resumePath(plain, booking({ device_count: 1 }), START)).toBe("/booking/basket");
    expect(resumePath(plain, booking({ device_count: 1, date: "2030-01-02" }), START)).toBe("/booking/details");
    expect(resumePath(plain, booking({ device_count: 1, date: "2030-01-02", email: "a@b.example" }), START)).toBe("/booking/checkout");
  });

  it("shows a completed booking's confirmation", () => {
    expect(resumePath(plain, booking({ checkout_status: "SUCCESS" }), START)).toBe("/booking/complete");
  });
});
