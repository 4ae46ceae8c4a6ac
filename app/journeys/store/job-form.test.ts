import { describe, expect, it } from "vitest";
import { positionForm } from "./job-form";

describe("the technician page's position post", () => {
  it("reads the browser's numbers", () => {
    expect(positionForm.parse({ latitude: "51.5101", longitude: "-0.1342", accuracy: "12.5" })).toEqual({ latitude: 51.5101, longitude: -0.1342, accuracy: 12.5 });
    expect(positionForm.parse({ latitude: "51.5101", longitude: "-0.1342", accuracy: null })).toEqual({ latitude: 51.5101, longitude: -0.1342 });
  });

  it("refuses a missing, empty, non-numeric or out-of-range coordinate with a clear message", () => {
    const message = (input: Record<string, unknown>) => positionForm.safeParse(input).error?.issues[0]?.message;
    expect(message({ latitude: "", longitude: "0" })).toBe("The latitude is missing.");
    expect(message({ latitude: null, longitude: "0" })).toBe("The latitude is missing.");
    expect(message({ latitude: "north", longitude: "0" })).toBe("The latitude must be a number.");
    expect(message({ latitude: "90.5", longitude: "0" })).toBe("The latitude must be between -90 and 90.");
    expect(message({ latitude: "0", longitude: "-181" })).toBe("The longitude must be between -180 and 180.");
    expect(message({ latitude: "0", longitude: "Infinity" })).toBe("The longitude must be a number.");
    expect(message({ latitude: "0", longitude: "0", accuracy: "-1" })).toBe("The accuracy must be between 0 and 1000000.");
  });
});
