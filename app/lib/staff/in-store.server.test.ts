import { describe, expect, it, vi } from "vitest";

const currentStaff = vi.fn();
vi.mock("./require-staff.server", () => ({ currentStaff: (request: Request) => currentStaff(request) }));

const { inStoreColleague } = await import("./in-store.server");

const account = {
  id: "1",
  carrierCode: "skyline",
  username: "store.oxford",
  name: "Olivia",
  email: null,
  role: "storeColleague",
  rolePermissions: ["store.booking"],
  companyPermissions: [],
  storeCodes: ["LON-OXFORD-ST"],
  serviceArea: null,
  technicianCode: null,
  disabled: false,
  stamp: "s",
} as const;
const request = (cookie?: string) => new Request("https://skyline.example/booking/postcode-search?mode=in-store", { headers: cookie ? { Cookie: cookie } : {} });
const allows = { allowsInStoreBookings: true };

describe("in-store mode", () => {
  it("is off for a customer, whatever the address says, without asking the CMS", async () => {
    expect(await inStoreColleague(request("__booking=x"), allows)).toBeNull();
    expect(currentStaff).not.toHaveBeenCalled();
  });

  it("is off on a carrier without in-store bookings, even for a logged-in colleague", async () => {
    expect(await inStoreColleague(request("__staff=x"), { allowsInStoreBookings: false })).toBeNull();
    expect(currentStaff).not.toHaveBeenCalled();
  });

  it("is on for a colleague who may book in store (the response scope renews their cookie when due)", async () => {
    currentStaff.mockResolvedValueOnce({ account, headers: new Headers() });
    expect(await inStoreColleague(request("__staff=x"), allows)).toEqual(account);
  });

  it("is off for staff whose role may not book in store, and when the session has ended", async () => {
    currentStaff.mockResolvedValueOnce({ account: { ...account, role: "technician", rolePermissions: ["technician.jobs"] }, headers: new Headers() });
    expect(await inStoreColleague(request("__staff=x"), allows)).toBeNull();
    currentStaff.mockResolvedValueOnce(null);
    expect(await inStoreColleague(request("__staff=x"), allows)).toBeNull();
  });
});
