import { describe, expect, it } from "vitest";
import { bookingNewTarget } from "./booking-new";

const at = (path: string) => bookingNewTarget(`https://fixly.example${path}`);

describe("/booking-new/* leads to the step that replaced it", () => {
  it("sends the spec's phone-number fix to the details step's phone field, keeping the query", () => {
    expect(at("/booking-new/checkout/location")).toBe("/booking/details#phone_number");
    expect(at("/booking-new/checkout/location/?from=payment")).toBe("/booking/details?from=payment#phone_number");
  });

  it("sends a step of the same name to it under /booking, and anything unreadable to the booking's start", () => {
    expect(at("/booking-new/checkout")).toBe("/booking/checkout");
    expect(at("/booking-new/device/make?ref=x")).toBe("/booking/device/make?ref=x");
    expect(at("/booking-new")).toBe("/booking");
    expect(at("/booking-new/%3Cscript%3E")).toBe("/booking");
  });
});
