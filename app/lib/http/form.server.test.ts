import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseFields, queryContainer, queryText, readForm, refusedFields, withRefusedFieldErrors } from "./form.server";
import { FORM_BODY_LIMIT_BYTES, UPLOAD_BODY_LIMIT_BYTES } from "./limits";

function post(body: BodyInit | null, contentType: string | null, path = "/booking/details"): Request {
  const headers = new Headers();
  if (contentType) headers.set("Content-Type", contentType);
  return new Request(`http://patchpoint.localhost${path}`, { method: "POST", body, headers });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await promise;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const body = (await thrown.json()) as { error: { code: string } };
    return { status: thrown.status, code: body.error.code };
  }
  throw new Error("the form was accepted");
}

/** A body without Content-Length, as a chunked post sends it. */
function chunked(totalBytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, totalBytes - sent)).fill(0x61);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("readForm", () => {
  it("reads a url-encoded form and a multipart form", async () => {
    expect((await readForm(post("postcode=SW1A+1AA", "application/x-www-form-urlencoded"))).get("postcode")).toBe("SW1A 1AA");
    const multipart = new FormData();
    multipart.set("intent", "proof");
    const request = new Request("http://patchpoint.localhost/manage/booking", { method: "POST", body: multipart });
    expect((await readForm(request)).get("intent")).toBe("proof");
  });

  it("keeps tabs and new lines, which a textarea sends", async () => {
    const form = await readForm(post(new URLSearchParams({ message: "Line one\r\n\tLine two" }), "application/x-www-form-urlencoded"));
    expect(form.get("message")).toBe("Line one\r\n\tLine two");
  });

  it("answers 415 to JSON, plain text and a post without a content type", async () => {
    expect(await refusal(readForm(post('{"intent":"next"}', "application/json")))).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
    expect(await refusal(readForm(post("intent=next", "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readForm(post(null, null)))).toMatchObject({ status: 415 });
  });

  it("answers 400 to a broken multipart body", async () => {
    expect(await refusal(readForm(post("--x\r\nContent-Disposition: form-da", "multipart/form-data; boundary=x")))).toEqual({ status: 400, code: "MALFORMED_BODY" });
    expect(await refusal(readForm(post("whatever", "multipart/form-data")))).toMatchObject({ status: 400 });
  });

  it("answers 400 to NUL, other control characters, DEL and C1 in any field", async () => {
    for (const value of ["GH\u0000001", "a\u0007b", "a\u001bb", "a\u007fb", "a\u0085b", "a\u009fb"]) {
      expect(await refusal(readForm(post(new URLSearchParams({ store_code: value }), "application/x-www-form-urlencoded")))).toEqual({ status: 400, code: "FORBIDDEN_CHARACTERS" });
    }
  });

  it("hands a page's typed text fields on without refused characters, naming them, so nothing typed is lost (ADR 231)", async () => {
    const body = new URLSearchParams({ first_name: "Ad\u0000a", last_name: "Lovelace", email: "ada@example.com\u0007" });
    const form = await readForm(post(body, "application/x-www-form-urlencoded"), { textFields: ["first_name", "last_name", "email"] });
    expect(Object.fromEntries(form)).toEqual({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" });
    expect(refusedFields(form)).toEqual(["first_name", "email"]);
    expect(withRefusedFieldErrors(form, { last_name: "missing", first_name: "invalid" }, "unsupported")).toEqual({
      first_name: "unsupported",
      last_name: "missing",
      email: "unsupported",
    });
    // A clean form names none; multipart is read the same way.
    expect(refusedFields(await readForm(post(new URLSearchParams({ first_name: "Ada" }), "application/x-www-form-urlencoded"), { textFields: ["first_name"] }))).toEqual([]);
    const multipart = new FormData();
    multipart.set("line_1", "1 High St\u0000");
    const read = await readForm(new Request("http://patchpoint.localhost/manage/booking", { method: "POST", body: multipart }), { textFields: ["line_1"] });
    expect([read.get("line_1"), refusedFields(read)]).toEqual(["1 High St", ["line_1"]]);
  });

  it("still answers 400 to a refused character in any field not named as typed text, or in a field name", async () => {
    const textFields = ["first_name"];
    for (const body of [{ first_name: "Ada", csrf: "t\u0000" }, { "first\u0000name": "Ada" }] as Record<string, string>[]) {
      expect(await refusal(readForm(post(new URLSearchParams(body), "application/x-www-form-urlencoded"), { textFields }))).toEqual({ status: 400, code: "FORBIDDEN_CHARACTERS" });
    }
  });

  it("accepts other unicode: accents, emoji, right-to-left text", async () => {
    const value = "Müller 😀 مرحبا \u200d";
    expect((await readForm(post(new URLSearchParams({ name: value }), "application/x-www-form-urlencoded"))).get("name")).toBe(value);
  });

  it("answers 413 to a declared length over the limit without reading the body", async () => {
    const request = new Request("http://patchpoint.localhost/booking/details", {
      method: "POST",
      body: chunked(FORM_BODY_LIMIT_BYTES + 1),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(20 * 1024 * 1024) },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readForm(request))).toEqual({ status: 413, code: "BODY_TOO_LARGE" });
  });

  it("answers 413 as soon as a streamed body passes the limit", async () => {
    const request = new Request("http://patchpoint.localhost/booking/details", {
      method: "POST",
      body: chunked(20 * 1024 * 1024),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(await refusal(readForm(request))).toMatchObject({ status: 413 });
  });

  it("allows the upload route a multipart body the size of a proof image, and no more", async () => {
    expect(UPLOAD_BODY_LIMIT_BYTES).toBeGreaterThan(8 * 1024 * 1024);
    const request = (bytes: number) =>
      new Request("http://patchpoint.localhost/manage/booking", {
        method: "POST",
        body: chunked(bytes),
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        duplex: "half",
      } as RequestInit);
    // Under the limit the body is read, then refused as broken multipart (400), not as too large.
    expect(await refusal(readForm(request(1024 * 1024)))).toMatchObject({ status: 400 });
    expect(await refusal(readForm(request(UPLOAD_BODY_LIMIT_BYTES + 1)))).toMatchObject({ status: 413 });
  });
});

describe("queryText", () => {
  it("reads a typed query parameter without refused characters and says it held some (ADR 231)", () => {
    const params = new URLSearchParams({ text: "10 Downing\u0000 Street", reason: "I will be\u0007 away\u001b", q: "E1 6LZ" });
    expect(queryText(params, "text")).toEqual({ value: "10 Downing Street", refused: true });
    expect(queryText(params, "reason")).toEqual({ value: "I will be away", refused: true });
    expect(queryText(params, "q")).toEqual({ value: "E1 6LZ", refused: false });
    expect(queryText(params, "missing")).toEqual({ value: "", refused: false });
  });
});

describe("queryContainer", () => {
  it("hands on a provider's container id and refuses a control character, an over-long value or a script URL", () => {
    const of = (value: string) => queryContainer(new URLSearchParams({ container: value }));
    expect(of("GB|RM|ENG|3AS-SW1A")).toEqual({ value: "GB|RM|ENG|3AS-SW1A", refused: null });
    expect(of("DE|street|mu-nchen-stra\u00dfe|mu-nchen")).toEqual({ value: "DE|street|mu-nchen-stra\u00dfe|mu-nchen", refused: null });
    expect(queryContainer(new URLSearchParams())).toEqual({ value: null, refused: null });
    expect(of("GB|postcode|\u0000E16LZ")).toEqual({ value: null, refused: "characters" });
    expect(of("a".repeat(10_000))).toEqual({ value: null, refused: "invalid" });
    expect(of("javascript:alert(1)")).toEqual({ value: null, refused: "invalid" });
    expect(of("<script>")).toEqual({ value: null, refused: "invalid" });
  });
});

describe("parseFields", () => {
  it("answers 400 to a form that does not fit the route's schema", async () => {
    const schema = z.object({ insured: z.enum(["yes", "no"]) });
    expect(parseFields(schema, { insured: "yes" })).toEqual({ insured: "yes" });
    expect(await refusal(Promise.resolve().then(() => parseFields(schema, { insured: "maybe" })))).toEqual({ status: 400, code: "MALFORMED_BODY" });
  });
});
