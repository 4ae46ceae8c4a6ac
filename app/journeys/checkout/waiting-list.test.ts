import { describe, expect, it } from "vitest";
import { callBackRequest, waitingListSchema } from "./waiting-list";
import { bookingFixture } from "./booking-fixture.test-support";

describe("waiting-list form (spec §5: name, e-mail and telephone are required)", () => {
  it("requires name, e-mail and telephone", () => {
    const result = waitingListSchema.safeParse({ name: " ", email: "", phone: "" });
    expect(result.error!.issues.map((issue) => issue.path[0])).toEqual(["name", "email", "phone"]);
  });

  it("becomes the call-back payload of spec §3 with the booking's model version and postcode", () => {
    const form = waitingListSchema.parse({ name: "Ada Lovelace", email: "ada@example.com", phone: "07700 900123" });
    expect(callBackRequest(form, bookingFixture(), "patchpoint")).toEqual({
      model_version_id: 1001,
      postcode: "SW1A 2AA",
      name: "Ada Lovelace",
      email: "ada@example.com",
      phone: "07700 900123",
      carrier: "patchpoint",
    });
    expect(callBackRequest(form, null, "patchpoint")).toMatchObject({ model_version_id: null, postcode: null });
  });
});
