import { describe, expect, it } from "vitest";
import { toast } from "./toast";
import { flashToast, takeToast } from "./toast.server";

function cookieHeaderFrom(headers: Headers): string {
  return headers.getSetCookie().map((cookie) => cookie.split(";")[0]).join("; ");
}

describe("flash toasts", () => {
  it("travel in their own signed cookie and are read once", async () => {
    const shown = toast({ type: "success", key: "manage.toasts.cancelled" });
    const headers = new Headers();
    await flashToast(headers, shown);
    expect(headers.getSetCookie()[0]).toMatch(/^__toast=.+; Path=\/; HttpOnly; SameSite=Lax$/);

    const taken = await takeToast(new Request("http://x.localhost/", { headers: { Cookie: cookieHeaderFrom(headers) } }));
    expect(taken.toast).toEqual(shown);
    expect(taken.setCookie).toMatch(/^__toast=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
  });

  it("are nothing without the cookie, or with a forged one", async () => {
    expect(await takeToast(new Request("http://x.localhost/"))).toEqual({ toast: null, setCookie: null });
    const forged = await takeToast(new Request("http://x.localhost/", { headers: { Cookie: `__toast=${btoa(JSON.stringify({ __flash_toast__: { id: "x" } }))}` } }));
    expect(forged.toast).toBeNull();
  });
});
