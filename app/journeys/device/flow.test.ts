import { describe, expect, it } from "vitest";
import {
  basketFull,
  deviceEntryPath,
  devicePath,
  deviceTypeIdFor,
  nextDeviceStep,
  pathOfStep,
  previousDeviceStep,
  stepApplies,
  warrantyIdentifier,
  type DeviceCarrierSwitches,
  type DeviceFacts,
} from "./flow";

const carrier: DeviceCarrierSwitches = {
  singleMakeOnly: false,
  singleMakeId: 2,
  applianceVariant: false,
  inWarrantyStatus: true,
  allowWarrantyRepairs: true,
  maxDevicesPerBasket: 5,
};

const phone: DeviceFacts = { kind: "phone", makeId: 1, inWarranty: null, askBackGlass: true, askFrame: true, hasExtras: true };
const appliance: DeviceFacts = { kind: "appliance", makeId: 10, inWarranty: null, askBackGlass: false, askFrame: false, hasExtras: true };

/** The whole journey after the colour step, as next-step calls would walk it. */
function journey(switches: DeviceCarrierSwitches, facts: DeviceFacts): string[] {
  const steps: string[] = [];
  let step = nextDeviceStep("colour", switches, facts);
  while (step !== "basket") {
    steps.push(step);
    step = nextDeviceStep(step, switches, facts);
  }
  return [...steps, "basket"];
}

describe("device entry", () => {
  it("starts at the make for multi-make carriers", () => {
    expect(deviceEntryPath(carrier)).toBe("/booking/device/make");
  });

  it("sends single-make carriers to the device type of make 2", () => {
    expect(deviceEntryPath({ singleMakeOnly: true, singleMakeId: 2 })).toBe("/booking/device/type?make=2");
  });

  it("keeps the device being edited", () => {
    expect(deviceEntryPath({ singleMakeOnly: true, singleMakeId: 2 }, "abc123")).toBe("/booking/device/type?make=2&device=abc123");
  });

  it("lists makes of device type 1, or 2 for the appliance variant", () => {
    expect(deviceTypeIdFor(carrier)).toBe(1);
    expect(deviceTypeIdFor({ applianceVariant: true })).toBe(2);
  });
});

describe("next step after the device is chosen", () => {
  it("walks a phone through warranty, insurance, repairs, damage and extras to the basket", () => {
    expect(journey(carrier, phone)).toEqual(["warranty-status", "insurance-status", "select", "confirm-damage", "extras", "basket"]);
  });

  it("asks the fault type instead of insurance for an in-warranty repair", () => {
    expect(journey(carrier, { ...phone, inWarranty: true })).toEqual(["warranty-status", "fault-type", "select", "confirm-damage", "extras", "basket"]);
  });

  it("skips the warranty step when the carrier does not allow warranty repairs", () => {
    expect(journey({ ...carrier, allowWarrantyRepairs: false }, phone)).toEqual(["insurance-status", "select", "confirm-damage", "extras", "basket"]);
  });

  it("skips warranty and insurance when the carrier does not show the warranty status", () => {
    expect(journey({ ...carrier, inWarrantyStatus: false }, phone)).toEqual(["select", "confirm-damage", "extras", "basket"]);
  });

  it("asks the damage questions only when the device asks them", () => {
    expect(journey(carrier, { ...phone, askBackGlass: false, askFrame: false })).not.toContain("confirm-damage");
    expect(stepApplies("confirm-damage", carrier, { ...phone, askBackGlass: false, askFrame: true })).toBe(true);
  });

  it("skips extras when none are offered", () => {
    expect(journey(carrier, { ...phone, hasExtras: false })).not.toContain("extras");
  });

  it("walks an appliance through repairs, extras and the triage questions", () => {
    expect(journey({ ...carrier, applianceVariant: true }, appliance)).toEqual(["select", "extras", "triage", "basket"]);
  });

  it("asks the warranty of tablets of the single make only", () => {
    expect(stepApplies("warranty-status", carrier, { ...phone, kind: "tablet", makeId: 2 })).toBe(true);
    expect(stepApplies("warranty-status", carrier, { ...phone, kind: "tablet", makeId: 1 })).toBe(false);
  });

  it("goes back to the colour step from the first step", () => {
    expect(previousDeviceStep("warranty-status", carrier, phone)).toBe("colour");
    expect(previousDeviceStep("select", carrier, phone)).toBe("insurance-status");
    expect(previousDeviceStep("select", carrier, { ...phone, inWarranty: true })).toBe("fault-type");
  });
});

describe("identifier for a warranty check", () => {
  it("is the IMEI for phones and the serial number for tablets of the single make", () => {
    expect(warrantyIdentifier(carrier, { kind: "phone", makeId: 1 })).toBe("imei");
    expect(warrantyIdentifier(carrier, { kind: "tablet", makeId: 2 })).toBe("serial");
    expect(warrantyIdentifier(carrier, { kind: "tablet", makeId: 1 })).toBeNull();
    expect(warrantyIdentifier(carrier, { kind: "appliance", makeId: 10 })).toBeNull();
  });
});

describe("basket capacity", () => {
  it("is full at the carrier's maximum devices", () => {
    expect(basketFull({ maxDevicesPerBasket: 1 }, { deviceCount: 1, inWarranty: null })).toBe("max-devices");
    expect(basketFull({ maxDevicesPerBasket: 5 }, { deviceCount: 4, inWarranty: false })).toBeNull();
  });

  it("holds one device only when the booking is in warranty", () => {
    expect(basketFull({ maxDevicesPerBasket: 5 }, { deviceCount: 1, inWarranty: true })).toBe("in-warranty");
    expect(basketFull({ maxDevicesPerBasket: 5 }, { deviceCount: 0, inWarranty: true })).toBeNull();
  });
});

describe("paths", () => {
  it("builds step paths without empty query values", () => {
    expect(devicePath("model", { make: 2, kind: "phone", device: null, q: "" })).toBe("/booking/device/model?make=2&kind=phone");
    expect(pathOfStep("select", "k1")).toBe("/booking/device/select?device=k1");
    expect(pathOfStep("basket", "k1")).toBe("/booking/basket");
  });
});
