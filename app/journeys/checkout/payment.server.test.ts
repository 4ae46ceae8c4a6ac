import { describe, expect, it } from "vitest";
import { bookingFixture } from "./booking-fixture.test-support";
import { billingDetailsForm, billingOf, klarnaBillingAddress } from "./payment.server";

describe("the payment page's billing panel", () => {
  it("saves the new billing address with everything else as the booking holds it, forced persist", () => {
    const booking = bookingFixture();
    const saved = billingDetailsForm(booking, {
      billing_first_name: "Charles",
      billing_last_name: "Babbage",
      billing_line_1: "1 Dorset Street",
      billing_line_2: "",
      billing_town: "London",
      billing_postcode: "W1U 4EG",
    });
    expect(saved).toEqual({
      ok: true,
      input: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@example.com",
        email_consent: false,
        phone_number: "+447700900123",
        address: { line_1: "10 Downing Street", line_2: "", town: "London" },
        billing_first_name: "Charles",
        billing_last_name: "Babbage",
        billing_address: { line_1: "1 Dorset Street", line_2: "", town: "London", postcode: "W1U 4EG" },
        force_persist: true,
      },
    });
  });

  it("says which billing field is missing, with the details step's messages", () => {
    const refused = billingDetailsForm(bookingFixture(), {
      billing_first_name: "Ada",
      billing_last_name: "Lovelace",
      billing_line_1: " ",
      billing_town: "London",
      billing_postcode: "",
    });
    expect(refused).toEqual({
      ok: false,
      errors: { billing_line_1: "booking-checkout.details.errors.billingLine1Missing", billing_postcode: "booking-checkout.details.errors.billingPostcodeMissing" },
    });
  });

  it("shows the billing name and address, the repair address when none was given, and hands it to Klarna", () => {
    expect(billingOf(bookingFixture())).toEqual({ firstName: "Ada", lastName: "Lovelace", line1: "10 Downing Street", line2: "", town: "London", postcode: "SW1A 2AA" });
    expect(billingOf(bookingFixture({ billing_address: null, billing_first_name: null })).line1).toBe("10 Downing Street");
    expect(klarnaBillingAddress(bookingFixture(), "GB")).toEqual({
      given_name: "Ada",
      family_name: "Lovelace",
      email: "ada@example.com",
      phone: "+447700900123",
      street_address: "10 Downing Street",
      postal_code: "SW1A 2AA",
      city: "London",
      country: "GB",
    });
  });
});
