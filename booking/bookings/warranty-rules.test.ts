import { describe, expect, it } from "vitest";
import { DamageNotCoveredError, MultiDeviceInWarrantyError, ValidationError } from "../domain/errors";
import { assertOneDeviceInWarranty, checkWarrantyFault, inWarrantyBlocked } from "./warranty-rules";

describe("one in-warranty device per basket (spec §9)", () => {
  it("allows an in-warranty repair for a basket of one device", () => {
    expect(inWarrantyBlocked(1)).toBe(false);
    expect(() => assertOneDeviceInWarranty(1)).not.toThrow();
  });

  it("refuses it with MULTI_DEVICE_IN_WARRANTY when the basket holds more than one device", () => {
    expect(inWarrantyBlocked(2)).toBe(true);
    expect(() => assertOneDeviceInWarranty(2)).toThrow(MultiDeviceInWarrantyError);
    expect(() => assertOneDeviceInWarranty(3)).toThrow(expect.objectContaining({ code: "MULTI_DEVICE_IN_WARRANTY" }));
  });
});

describe("the fault of an in-warranty device (spec §2 device/fault-type)", () => {
  it("goes on for a fault the manufacturer's warranty covers", () => {
    expect(checkWarrantyFault({ fault: "faulty" })).toBe("faulty");
  });

  it("answers accidental damage with RBK15, which opens the out-of-warranty modal", () => {
    let thrown: unknown;
    try {
      checkWarrantyFault({ fault: "user-damaged" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DamageNotCoveredError);
    expect(thrown).toMatchObject({ code: "RBK15", fieldCodes: { fault: ["FAULT_USER_DAMAGED"] } });
  });

  it("asks for an answer when there is none, or not one of the two", () => {
    for (const fault of [undefined, "", "dropped"]) {
      let thrown: unknown;
      try {
        checkWarrantyFault({ fault });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ValidationError);
      expect(thrown).toMatchObject({ code: "VALIDATION", fields: { fault: ["Please choose what happened."] }, fieldCodes: { fault: ["FAULT_MISSING"] } });
    }
  });
});
