import { describe, expect, it } from "vitest";
import { parseLogin } from "./login-form";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe("staff log-in form", () => {
  it("takes a username (trimmed), a password as typed and a same-site return path", () => {
    expect(parseLogin(form({ username: " store.oxford ", password: " secret ", redirectTo: "/store/area" }))).toEqual({
      ok: true,
      login: { username: "store.oxford", password: " secret ", redirectTo: "/store/area" },
    });
  });

  it("names each missing field", () => {
    const result = parseLogin(form({ username: "", password: "" }));
    expect(result).toMatchObject({ ok: false, errors: { username: "store.login.errors.usernameRequired", password: "store.login.errors.passwordRequired" } });
  });

  it("never returns to another site", () => {
    expect(parseLogin(form({ username: "a", password: "b", redirectTo: "https://evil.example/" }))).toMatchObject({ ok: true, login: { redirectTo: "/store" } });
  });
});
