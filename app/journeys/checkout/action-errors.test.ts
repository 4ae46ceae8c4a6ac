import { describe, expect, it } from "vitest";
import type { TFunction } from "i18next";
import { DomainError, type ErrorCode } from "~/booking.server";
import { createI18n } from "~/i18n/i18n.server";
import { bookingErrorResponse, type BookingRequestContext } from "~/lib/booking-flow/context.server";
import type { Place } from "~/lib/errors/error-table";
import { inResponseScope } from "~/lib/http/response-scope.server";
import { getSession } from "~/lib/session.server";
import { takeToast } from "~/lib/toast.server";
import { inlineErrorText, safeReturnPath } from "./action-errors";

describe("inline errors of the checkout steps", () => {
  const en = createI18n("en").t;
  const de = createI18n("de").t;

  /** What the step shows: its action answers through the §8 table, the page translates the answer. */
  async function inline(code: ErrorCode, messages: string[], t: TFunction, locale: "en" | "de" = "en", place: Place = "booking"): Promise<string> {
    const { value: answer } = await inResponseScope(async () => {
      const context = {
        locale,
        session: await getSession(new Request("http://patchpoint.localhost/booking/basket")),
        attribution: { attribution: { referrer: null, lucidRef: null } },
      } as unknown as BookingRequestContext;
      return bookingErrorResponse(context, new DomainError(code, messages), place);
    });
    if (answer instanceof Response) throw new Error(`${code} redirected to ${answer.headers.get("Location")}`);
    return inlineErrorText(answer.data.error, t);
  }

  it("says what the §8 toast says", async () => {
    expect(await inline("PROMO_NOT_RECOGNISED", ["x"], en)).toBe("Sorry, we don't recognise that promo code.");
    expect(await inline("PAYMENT_DECLINED", ["x"], en)).toBe("Your payment method was declined. Please try again with a different card or payment method.");
    expect(await inline("PAYMENT_CARD_ERROR", ["x"], en)).toBe("There was a problem confirming payment. Please try again or contact your bank.");
    expect(await inline("PROMO_ON_WARRANTY_REPAIR", [], de, "de")).toBe("Ein Gutscheincode kann nicht für eine Garantiereparatur verwendet werden.");
  });

  it("shows the server's English message only to English readers", async () => {
    expect(await inline("PAYMENT_GATEWAY_ERROR", ["Processor Network Unavailable"], en, "en")).toBe("Processor Network Unavailable");
    // German readers get the code's own text (§8 'a card error'), never 'declined' (ADR 125).
    expect(await inline("PAYMENT_GATEWAY_ERROR", ["Processor Network Unavailable"], de, "de")).toBe(
      "Bei der Bestätigung der Zahlung ist ein Problem aufgetreten. Bitte versuchen Sie es erneut oder wenden Sie sich an Ihre Bank.",
    );
  });

  it("toasts an error the table has no text for in the page's language for 15 s; 'declined' only for a decline", async () => {
    async function flashed(code: ErrorCode, messages: string[], locale: "en" | "de", place: Place = "booking") {
      const { cookies } = await inResponseScope(async () => {
        const context = {
          locale,
          session: await getSession(new Request("http://flickwerk.localhost/booking/basket")),
          attribution: { attribution: { referrer: null, lucidRef: null } },
        } as unknown as BookingRequestContext;
        await bookingErrorResponse(context, new DomainError(code, messages), place);
      });
      const next = new Request("http://flickwerk.localhost/", { headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") } });
      return (await inResponseScope(() => takeToast(next))).value!;
    }
    expect(await flashed("NOT_FOUND", ["The device was not found."], "de")).toMatchObject({ type: "error", key: "toast.genericError", durationMs: 15_000 });
    expect(de("toast.genericError")).toBe("Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.");
    expect(await flashed("NOT_FOUND", ["The device was not found."], "en")).toMatchObject({ message: "The device was not found.", durationMs: 15_000 });
    expect(await flashed("JOB_FORBIDDEN", [], "de")).toMatchObject({ key: "toast.genericError", durationMs: 15_000 });
    expect(await flashed("PAYMENT_DECLINED", ["Do Not Honor"], "de", "booking.payment")).toMatchObject({ key: "booking.toasts.paymentDeclined", durationMs: 6_000 });
    expect(await flashed("PAYMENT_GATEWAY_ERROR", [], "de", "booking.payment")).toMatchObject({ key: "booking.toasts.paymentDeclined", durationMs: 6_000 });
  });

  it("goes back only to a /booking page of the same site", () => {
    const request = (referer?: string) => new Request("http://patchpoint.localhost/booking/basket", { method: "POST", headers: referer ? { Referer: referer } : {} });
    expect(safeReturnPath(request("http://patchpoint.localhost/booking/repair-date?pages=2"), "/booking/basket")).toBe("/booking/repair-date?pages=2");
    expect(safeReturnPath(request("http://evil.example/booking/details"), "/booking/basket")).toBe("/booking/basket");
    expect(safeReturnPath(request("http://patchpoint.localhost/faqs"), "/booking/basket")).toBe("/booking/basket");
    expect(safeReturnPath(request(), "/booking/basket")).toBe("/booking/basket");
  });
});
