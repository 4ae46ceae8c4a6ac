import { describe, expect, it } from "vitest";
import { readinessProblems } from "./readiness";

describe("what checkout asks for before payment", () => {
  it("has nothing to ask of a ready booking", () => {
    expect(readinessProblems({ valid: true, code: null, messages: [], fields: {} })).toEqual([]);
  });

  it("sends missing details to the details step and a missing store to store search", () => {
    expect(
      readinessProblems({ valid: false, code: "BK27", messages: ["Please complete your details."], fields: { email: ["Please enter your e-mail address."], phone_number: ["x"] } }),
    ).toEqual([{ step: "details", path: "/booking/details", message: "Please enter your e-mail address." }]);
    expect(readinessProblems({ valid: false, code: "BK27", messages: ["m"], fields: { store_code: ["Please choose the store."] } })[0]).toMatchObject({
      step: "store",
      path: "/booking/store-search",
    });
  });

  it("sends a lost date back to the repair dates and a device without repairs to the basket", () => {
    expect(readinessProblems({ valid: false, code: "BK13", messages: ["Please choose a repair date."], fields: {} })[0]).toMatchObject({
      step: "date",
      path: "/booking/repair-date",
    });
    expect(readinessProblems({ valid: false, code: "BK27", messages: ["m"], fields: { problems: ["Please choose a repair for each device."] } })[0]).toMatchObject({
      step: "devices",
    });
  });
});
