import { describe, expect, it } from "vitest";
import { customerDetailsInput, detailsDefaults, detailsFormSchema, engineFieldErrors, parseDetailsForm, plausiblePhone, zodFieldErrors } from "./customer-details";
import { bookingFixture } from "./booking-fixture.test-support";

const valid = {
  first_name: " Ada ",
  last_name: "Lovelace",
  email: "Ada@Example.com",
  phone_number: "07700 900123",
  email_consent: "on",
  address_line_1: "10 Downing Street",
  address_line_2: "",
  address_town: "London",
  billing: "same",
};

const ERR = "booking-checkout.details.errors.";

describe("customer details form", () => {
  it("accepts a complete form and sends the repair address as the billing address by default", () => {
    const form = detailsFormSchema.parse(valid);
    expect(customerDetailsInput(form, "SW1A 2AA")).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "Ada@Example.com",
      email_consent: true,
      phone_number: "07700 900123",
      address: { line_1: "10 Downing Street", line_2: "", town: "London" },
      billing_first_name: "Ada",
      billing_last_name: "Lovelace",
      billing_address: { line_1: "10 Downing Street", line_2: "", town: "London", postcode: "SW1A 2AA" },
      force_persist: true,
    });
  });

  it("names every missing required field", () => {
    const result = detailsFormSchema.safeParse({ billing: "same" });
    expect(zodFieldErrors(result.error!)).toEqual({
      first_name: expect.stringContaining(ERR),
      last_name: expect.stringContaining(ERR),
      email: expect.stringContaining(ERR),
      phone_number: expect.stringContaining(ERR),
      address_line_1: expect.stringContaining(ERR),
      address_town: expect.stringContaining(ERR),
    });
  });

  it("rejects an e-mail address without a domain and a phone number that is not one", () => {
    const errors = zodFieldErrors(detailsFormSchema.safeParse({ ...valid, email: "ada@", phone_number: "call me" }).error!);
    expect(errors).toEqual({ email: ERR + "emailInvalid", phone_number: ERR + "phoneInvalid" });
    expect(plausiblePhone("+44 (0)7700 900-123")).toBe(true);
    expect(plausiblePhone("12345")).toBe(false);
  });

  it("requires the card holder's name and address when the billing address differs, together with the other fields' problems", () => {
    const outcome = parseDetailsForm({ ...valid, first_name: "", billing: "other" });
    expect(outcome.ok).toBe(false);
    expect(Object.keys(outcome.ok ? {} : outcome.errors).sort()).toEqual([
      "billing_first_name",
      "billing_last_name",
      "billing_line_1",
      "billing_postcode",
      "billing_town",
      "first_name",
    ]);
    expect(parseDetailsForm({ ...valid, billing: "same" }).ok).toBe(true);
    const form = detailsFormSchema.parse({
      ...valid,
      billing: "other",
      billing_first_name: "Charles",
      billing_last_name: "Babbage",
      billing_line_1: "1 Dorset Street",
      billing_town: "London",
      billing_postcode: "W1U 4EG",
    });
    expect(customerDetailsInput(form, "SW1A 2AA")).toMatchObject({
      billing_first_name: "Charles",
      billing_address: { line_1: "1 Dorset Street", line_2: "", town: "London", postcode: "W1U 4EG" },
    });
  });

  it("puts the engine's field errors (phone for the carrier's country) under the form's fields, localised", () => {
    expect(engineFieldErrors({ phone_number: ["Please enter a valid phone number."], "billing_address.postcode": ["Please enter a valid postcode."], other: ["x"] })).toEqual({
      phone_number: ERR + "phoneInvalid",
      billing_postcode: ERR + "billingPostcodeInvalid",
      form: ERR + "generic",
    });
  });

  it("fills the form from the booking and tells a different billing address apart", () => {
    expect(detailsDefaults(bookingFixture())).toMatchObject({ first_name: "Ada", address_line_1: "10 Downing Street", billing: "same", billing_line_1: "" });
    const other = detailsDefaults(bookingFixture({ billing_address: { line_1: "1 Dorset Street", line_2: "", town: "London", postcode: "W1U 4EG" } }));
    expect(other).toMatchObject({ billing: "other", billing_line_1: "1 Dorset Street", billing_postcode: "W1U 4EG" });
  });
});
