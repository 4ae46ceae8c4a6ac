import { createCookie, createCookieSessionStorage, redirect } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { flashToast } from "~/lib/toast.server";
import { inResponseScope, responseScope, withResponseScope } from "./response-scope.server";

const storage = createCookieSessionStorage<{ bookingRef: string }>({ cookie: { name: "__test", path: "/", httpOnly: true, sameSite: "lax", secrets: ["s3cret"] } });
const plain = createCookie("plain", { path: "/" });

/** A request carrying the cookies an earlier answer set. */
const after = (answer: Response, url = "http://x.localhost/booking/basket") =>
  new Request(url, {
    headers: {
      Cookie: answer.headers
        .getSetCookie()
        .map((cookie) => cookie.split(";")[0])
        .join("; "),
    },
  });
const names = (answer: Response) => answer.headers.getSetCookie().map((cookie) => cookie.split("=")[0]);

/** A handler that changes the session and flashes a toast, and commits nothing. */
const forgetful = (answer: () => Response) =>
  withResponseScope(async (request: Request) => {
    (await responseScope().session(storage, request)).set("bookingRef", "B-1");
    flashToast({ type: "success", key: "booking-checkout.basket.promoApplied" });
    return answer();
  });

describe("the response scope (ADR 163)", () => {
  it("commits a changed session and a flashed toast the handler never committed", async () => {
    const answer = await forgetful(() => Response.json({ ok: true }))(new Request("http://x.localhost/booking/basket"));
    expect(names(answer).sort()).toEqual(["__test", "__toast"]);
    const session = await storage.getSession(after(answer).headers.get("Cookie"));
    expect(session.get("bookingRef")).toBe("B-1");
  });

  it("adds them to a returned redirect, a thrown one and one with immutable headers", async () => {
    for (const answer of [
      await forgetful(() => redirect("/booking/basket"))(new Request("http://x.localhost/")),
      await forgetful(() => {
        throw redirect("/booking/basket");
      })(new Request("http://x.localhost/")),
      await forgetful(() => Response.redirect("http://x.localhost/booking/basket", 302))(new Request("http://x.localhost/")),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toMatch(/\/booking\/basket$/);
      expect(names(answer).sort()).toEqual(["__test", "__toast"]);
    }
  });

  it("sets no cookie for a session read and left unchanged", async () => {
    const first = await forgetful(() => new Response("ok"))(new Request("http://x.localhost/"));
    const reading = withResponseScope(async (request: Request) => new Response((await responseScope().session(storage, request)).get("bookingRef")));
    const answer = await reading(after(first));
    expect(await answer.text()).toBe("B-1");
    expect(answer.headers.has("Set-Cookie")).toBe(false);
    expect((await reading(new Request("http://x.localhost/"))).headers.has("Set-Cookie")).toBe(false);
  });

  it("keeps writing a session its owner keeps rolling, unchanged or not", async () => {
    const rolling = withResponseScope(async (request: Request) => {
      await responseScope().session(storage, request, { keep: (session) => session.has("bookingRef") });
      return new Response("ok");
    });
    const first = await forgetful(() => new Response("ok"))(new Request("http://x.localhost/"));
    expect(names(await rolling(after(first)))).toEqual(["__test"]);
    expect(names(await rolling(new Request("http://x.localhost/")))).toEqual([]);
  });

  it("gives every loader of a request the same session, committed once", async () => {
    const parallel = withResponseScope(async (request: Request) => {
      const [a, b] = await Promise.all([responseScope().session(storage, request), responseScope().session(storage, request)]);
      a.set("bookingRef", "B-2");
      return new Response(b.get("bookingRef"));
    });
    const answer = await parallel(new Request("http://x.localhost/"));
    expect(await answer.text()).toBe("B-2");
    expect(names(answer)).toEqual(["__test"]);
  });

  it("clears a destroyed session, starts a fresh one, and sets a plain cookie once", async () => {
    const first = await forgetful(() => new Response("ok"))(new Request("http://x.localhost/"));
    const ended = await withResponseScope(async (request: Request) => {
      await responseScope().destroy(storage, request);
      return new Response("ok");
    })(after(first));
    expect(ended.headers.getSetCookie()).toEqual([expect.stringMatching(/^__test=; .*Expires=Thu, 01 Jan 1970/)]);

    const fresh = await withResponseScope(async (_request: Request) => {
      responseScope().freshSession(storage, (session) => session.set("bookingRef", "B-3"));
      responseScope().setCookie(plain, "one");
      responseScope().setCookie(plain, "two");
      return new Response("ok");
    })(after(first));
    expect(names(fresh)).toEqual(["__test", "plain"]);
    expect((await storage.getSession(after(fresh).headers.get("Cookie"))).get("bookingRef")).toBe("B-3");
    expect(await plain.parse(after(fresh).headers.get("Cookie"))).toBe("two");
  });

  it("refuses a session change outside a scope rather than lose it", () => {
    expect(() => flashToast({ type: "success", key: "x" })).toThrow(/No response scope/);
  });
});

describe("reads kept for one request (ADR 209)", () => {
  /** A booking store whose reads count and whose writes take a while (another loader runs meanwhile). */
  function bookingStore() {
    const store = { version: 1, reads: 0 };
    const read = () => {
      store.reads += 1;
      return Promise.resolve({ version: store.version });
    };
    const write = async (pause = 5) => {
      const ended = responseScope().writing();
      try {
        await new Promise((resolve) => setTimeout(resolve, pause));
        store.version += 1;
      } finally {
        ended();
      }
    };
    return { store, read, write };
  }

  it("shares one read between the loaders of a request, and none between requests", async () => {
    const { store, read } = bookingStore();
    const { value } = await inResponseScope(() => Promise.all([responseScope().read("booking:B-1", read), responseScope().read("booking:B-1", read)]));
    expect(value).toEqual([{ version: 1 }, { version: 1 }]);
    expect(store.reads).toBe(1);
    await inResponseScope(() => responseScope().read("booking:B-1", read));
    expect(store.reads).toBe(2);
  });

  it("reads again after a write of the same request: the loaders after an action never see the booking as it was", async () => {
    const { read, write } = bookingStore();
    const { value } = await inResponseScope(async () => {
      const before = await responseScope().read("booking:B-1", read);
      await write();
      const after = await responseScope().read("booking:B-1", read);
      return [before, after];
    });
    expect(value).toEqual([{ version: 1 }, { version: 2 }]);
  });

  it("keeps nothing while a write runs: a read that began during it is not handed to a loader after it", async () => {
    const { store, read, write } = bookingStore();
    const { value } = await inResponseScope(async () => {
      const writing = write(10);
      const during = responseScope().read("booking:B-1", read);
      await writing;
      return [await during, await responseScope().read("booking:B-1", read)];
    });
    expect(value[1]).toEqual({ version: 2 });
    expect(store.reads).toBe(2);
  });

  it("forgets a read that failed, so the next loader tries again", async () => {
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject(new Error("away")) : Promise.resolve("ok"));
    const { value } = await inResponseScope(async () => {
      const first = await responseScope()
        .read("booking:B-1", flaky)
        .catch((error: Error) => error.message);
      return [first, await responseScope().read("booking:B-1", flaky)];
    });
    expect(value).toEqual(["away", "ok"]);
  });
});
