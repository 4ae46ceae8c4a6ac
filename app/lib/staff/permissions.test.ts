import { describe, expect, it } from "vitest";
import { CUSTOMER_SERVICE, mayUse, type StaffAccount } from "./permissions";

const account = (role: StaffAccount["role"], rolePermissions: string[] = []) => ({ role, rolePermissions });

describe("staff permission rule (spec §6)", () => {
  it("lets superAdmin and areaManager do everything, whatever their tags", () => {
    for (const role of ["superAdmin", "areaManager"] as const) {
      expect(mayUse(account(role), { permission: "area.staff" })).toBe(true);
      expect(mayUse(account(role), { roles: ["technician"], permission: "technician.jobs" })).toBe(true);
    }
  });

  it("lets any other role in only with the route's permission tag among its role permissions", () => {
    expect(mayUse(account("technician", ["technician.jobs"]), { permission: "technician.jobs" })).toBe(true);
    expect(mayUse(account("technician", ["technician.jobs"]), { permission: "area.staff" })).toBe(false);
    expect(mayUse(account("storeColleague", []), { permission: "store.booking" })).toBe(false);
    expect(mayUse(account("storeColleague", ["store.booking"]), { permission: "store.booking" })).toBe(true);
  });

  it("also holds a route to its roles when it names them", () => {
    expect(mayUse(account("storeColleague", ["technician.jobs"]), { roles: ["technician"], permission: "technician.jobs" })).toBe(false);
    expect(mayUse(account("technician", ["technician.jobs"]), { roles: ["technician"], permission: "technician.jobs" })).toBe(true);
  });

  it("lets every logged-in account use a route that asks for nothing more", () => {
    expect(mayUse(account("storeColleague"))).toBe(true);
  });

  it("keeps customer service to its role (and the roles that may do everything), whatever tags a store colleague or technician has (ADR 188)", () => {
    expect(mayUse(account("customerService"), CUSTOMER_SERVICE)).toBe(true);
    expect(mayUse(account("superAdmin"), CUSTOMER_SERVICE)).toBe(true);
    expect(mayUse(account("storeColleague", ["store.booking", "store.handover"]), CUSTOMER_SERVICE)).toBe(false);
    expect(mayUse(account("technician", ["technician.jobs", "area.jobs"]), CUSTOMER_SERVICE)).toBe(false);
    // The role itself opens no other staff page.
    expect(mayUse(account("customerService"), { permission: "area.jobs" })).toBe(false);
  });
});
