import { describe, expect, it } from "vitest";
import { BookingNotFoundError, ValidationError } from "../domain/errors";
import { TooManyAttemptsError } from "../throttle/lookup-throttle";
import { errorBody, errorFacts } from "./errors";

describe("the API's §8 error body", () => {
  it("recognises a domain error by its class: the router and the engine are one module graph (ADR 283)", () => {
    expect(errorFacts(new BookingNotFoundError())).toMatchObject({ status: 404, code: "BK01", messages: ["There is a problem with your booking - please try again."] });
    // Something merely shaped like one is a bug (500), not an answer of the engine's.
    expect(errorFacts(Object.assign(new Error("x"), { code: "BK01", status: 404, messages: ["gone"], fields: {}, fieldCodes: {} }))).toBeNull();
    expect(errorFacts(new TypeError("bug"))).toBeNull();
  });

  it("keys a VALIDATION error's messages by field and keeps a list otherwise", async () => {
    const invalid = new ValidationError({ imei: ["IMEI_WRONG_LENGTH"] });
    expect(await errorBody(errorFacts(invalid)!, "en")).toEqual({
      code: "VALIDATION",
      messages: { imei: ["The IMEI number must be 15 digits long."] },
      field_codes: { imei: ["IMEI_WRONG_LENGTH"] },
    });
    expect(await errorBody(errorFacts(new BookingNotFoundError())!, "en")).toEqual({ code: "BK01", messages: ["There is a problem with your booking - please try again."] });
  });

  it("answers a database outage (the web door's 503 Response) as 503 with Retry-After", () => {
    expect(errorFacts(new Response(null, { status: 503 }))).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", headers: { "Retry-After": "5" } });
  });

  it("tells when to try again after the order-lookup throttle's 429", () => {
    expect(errorFacts(new TooManyAttemptsError(42))).toMatchObject({ status: 429, code: "TOO_MANY_ATTEMPTS", headers: { "Retry-After": "42" } });
  });
});
