import { describe, expect, it } from "vitest";
import { customerDetailsSchema, normalisePhone } from "./customer";

describe("phone numbers per country", () => {
  it.each([
    ["GB", "07700 900123", "+447700900123"],
    ["GB", "+44 (0)7700 900123", "+447700900123"],
    ["GB", "0044 20 7946 0018", "+442079460018"],
    ["DE", "0151 23456789", "+4915123456789"],
    ["DE", "+49 30 1234567", "+49301234567"],
    ["AU", "0412 345 678", "+61412345678"],
    ["AU", "(02) 9876 5432", "+61298765432"],
    ["US", "(212) 555-0123", "+12125550123"],
    ["US", "1-212-555-0123", "+12125550123"],
    ["CA", "+1 416 555 0199", "+14165550199"],
  ] as const)("accepts %s %s as %s", (country, raw, e164) => {
    expect(normalisePhone(country, raw)).toBe(e164);
  });

  it.each([
    ["GB", "12345"],
    ["GB", "+49 30 1234567"],
    ["DE", "+44 7700 900123"],
    ["AU", "0512 345 678"],
    ["US", "(112) 555-0123"],
    ["US", "555-0123"],
    ["CA", "07700 900123"],
  ] as const)("refuses %s %s", (country, raw) => {
    expect(normalisePhone(country, raw)).toBeNull();
  });
});

describe("customer details", () => {
  it("normalises the e-mail and the billing postcode", () => {
    const parsed = customerDetailsSchema("GB").parse({
      first_name: " Ada ",
      last_name: "Lovelace",
      email: " ADA@Example.COM ",
      phone_number: "07700900123",
      billing_address: { line_1: "1 Strand", town: "London", postcode: "wc2n5du" },
    });
    expect(parsed).toMatchObject({ first_name: "Ada", email: "ada@example.com", billing_address: { postcode: "WC2N 5DU", line_2: "" } });
  });

  it("is built once per country and keeps each country's own postcode and phone rules", () => {
    expect(customerDetailsSchema("GB")).toBe(customerDetailsSchema("GB"));
    expect(customerDetailsSchema("DE")).not.toBe(customerDetailsSchema("GB"));
    const details = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", billing_address: { line_1: "1 Strand", town: "London", postcode: "wc2n5du" } };
    expect(customerDetailsSchema("GB").parse({ ...details, phone_number: "07700900123" })).toMatchObject({
      phone_number: "+447700900123",
      billing_address: { postcode: "WC2N 5DU" },
    });
    // The German schema, built after the British one, still refuses a British postcode and number.
    expect(customerDetailsSchema("DE").safeParse({ ...details, phone_number: "07700900123" }).success).toBe(false);
    expect(customerDetailsSchema("GB").safeParse({ ...details, phone_number: "07700900123" }).success).toBe(true);
  });

  it("refuses names with markup or digits", () => {
    const result = customerDetailsSchema("GB").safeParse({ first_name: "<script>", last_name: "L0velace", email: "a@b.co", phone_number: "07700900123" });
    expect(result.success).toBe(false);
  });
});
