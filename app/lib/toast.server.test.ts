import { describe, expect, it } from "vitest";
import { inResponseScope } from "~/lib/http/response-scope.server";
import { toast } from "./toast";
import { flashToast, takeToast } from "./toast.server";

const cookieHeaderFrom = (cookies: string[]) => cookies.map((cookie) => cookie.split(";")[0]).join("; ");

describe("flash toasts", () => {
  it("travel in their own signed cookie and are read once", async () => {
    const shown = toast({ type: "success", key: "manage.toasts.cancelled" });
    const flashed = await inResponseScope(async () => flashToast(shown));
    expect(flashed.cookies).toHaveLength(1);
    expect(flashed.cookies[0]).toMatch(/^__toast=.+; Path=\/; HttpOnly; SameSite=Lax$/);

    const taken = await inResponseScope(() => takeToast(new Request("http://x.localhost/", { headers: { Cookie: cookieHeaderFrom(flashed.cookies) } })));
    expect(taken.value).toEqual({ ...shown, id: expect.any(String) });
    expect(taken.cookies).toEqual([expect.stringMatching(/^__toast=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/)]);
  });

  it("are nothing without the cookie, or with a forged one", async () => {
    expect(await inResponseScope(() => takeToast(new Request("http://x.localhost/")))).toMatchObject({ value: null, cookies: [] });
    const forged = await inResponseScope(() =>
      takeToast(new Request("http://x.localhost/", { headers: { Cookie: `__toast=${btoa(JSON.stringify({ __flash_toast__: { id: "x" } }))}` } })),
    );
    expect(forged.value).toBeNull();
  });

  it("are not cleared by the request that flashes the next one (a post without JavaScript)", async () => {
    const first = await inResponseScope(async () => flashToast({ type: "success", key: "first" }));
    const request = new Request("http://x.localhost/", { headers: { Cookie: cookieHeaderFrom(first.cookies) } });
    const both = await inResponseScope(async () => {
      flashToast({ type: "success", key: "second" });
      return takeToast(request);
    });
    expect(both.value).toMatchObject({ key: "first" });
    const next = await inResponseScope(() => takeToast(new Request("http://x.localhost/", { headers: { Cookie: cookieHeaderFrom(both.cookies) } })));
    expect(next.value).toMatchObject({ key: "second" });
  });
});
