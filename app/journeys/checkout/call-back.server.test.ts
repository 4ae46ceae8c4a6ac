import { describe, expect, it } from "vitest";
import type { BookingRequestContext } from "~/lib/booking-flow/context.server";
import { DomainError } from "~/booking.server";
import { bookingFixture } from "./booking-fixture.test-support";
import { joinWaitingList, requestCallBack } from "./call-back.server";
import type { CallBackRequest } from "./waiting-list";

const request: CallBackRequest = { model_version_id: 1001, postcode: "SW1A 2AA", name: "Ada", email: "ada@example.com", phone: "+49 30 1234567", carrier: "patchpoint" };

function contextWith(requestCallBackOp: (...args: unknown[]) => Promise<unknown>) {
  return { carrier: { code: "patchpoint" }, booking: bookingFixture(), engine: { contact: { requestCallBack: requestCallBackOp } } } as unknown as BookingRequestContext;
}

describe("the waiting list's call-back request", () => {
  it("is stored with the booking it came from", async () => {
    const calls: unknown[][] = [];
    const outcome = await requestCallBack(
      contextWith(async (...args) => calls.push(args)),
      request,
    );
    expect(outcome).toEqual({ status: "sent", fields: {} });
    expect(calls[0]!.slice(1)).toEqual(["BK-TEST", request]);
  });

  it("puts the engine's field errors under the form's fields, localised", async () => {
    const outcome = await requestCallBack(
      contextWith(async () => {
        throw new DomainError("VALIDATION", "Please enter a valid phone number.", { fields: { phone: ["Please enter a valid phone number."] } });
      }),
      request,
    );
    expect(outcome).toEqual({ status: "invalid", fields: { phone: "booking-checkout.waitingList.errors.phoneInvalid" } });
  });

  it("lets other errors through", async () => {
    await expect(
      requestCallBack(
        contextWith(async () => Promise.reject(new Error("database down"))),
        request,
      ),
    ).rejects.toThrow("database down");
  });
});

describe("joining the waiting list (ADR 094)", () => {
  const form = { name: "Ada", email: "ada@example.com", phone: "07700 900123" };

  it("puts the visitor's booking on the list with their language and this site's origin", async () => {
    const calls: unknown[][] = [];
    const context = {
      carrier: { code: "patchpoint" },
      locale: "de",
      booking: bookingFixture(),
      engine: { waitingList: { joinWaitingList: async (...args: unknown[]) => calls.push(args) } },
    } as unknown as BookingRequestContext;
    expect(await joinWaitingList(context, form, "https://patchpoint.example")).toEqual({ status: "sent", fields: {} });
    expect(calls[0]!.slice(1)).toEqual(["BK-TEST", { ...form, locale: "de", site_url: "https://patchpoint.example" }]);
  });

  it("puts the engine's field errors under the form's fields, and needs a booking", async () => {
    const failing = {
      carrier: { code: "patchpoint" },
      locale: "en",
      booking: bookingFixture(),
      engine: {
        waitingList: {
          joinWaitingList: async () =>
            Promise.reject(new DomainError("VALIDATION", "Please enter a valid e-mail address.", { fields: { email: ["Please enter a valid e-mail address."] } })),
        },
      },
    } as unknown as BookingRequestContext;
    expect(await joinWaitingList(failing, form, "https://patchpoint.example")).toEqual({
      status: "invalid",
      fields: { email: "booking-checkout.waitingList.errors.emailInvalid" },
    });
    expect(await joinWaitingList({ ...failing, booking: null }, form, "https://patchpoint.example")).toMatchObject({ status: "invalid" });
  });
});
