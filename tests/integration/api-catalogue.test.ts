/** Spec §7 "Catalogue and others" through /api/v4: the carrier's catalogue, cacheable with ETag (issue 23 item 5). */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IDS } from "../../booking/testing/fixtures";
import { apiRoutes } from "../../booking/http/index";
import { call, carrierWithKey, startApi, type ApiHarness } from "./api-harness";

let api: ApiHarness;
let key: string;
let bookingsOnly: string;

beforeAll(async () => {
  api = await startApi({ routes: apiRoutes });
  key = (await carrierWithKey(api, ["catalogue:read"])).key;
  bookingsOnly = (await carrierWithKey(api, ["bookings:write"])).key;
});
afterAll(() => api?.close());

describe("the catalogue through /api/v4", () => {
  it("lists makes, models, versions and a version's repairs as the device pages do", async () => {
    const makes = await call(api.url("/makes/list/type/1?show_available=true"), { key });
    expect(makes.status).toBe(200);
    expect(makes.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: IDS.apple })]));
    const models = await call(api.url(`/models?make_id=${IDS.apple}&type_id=1&order_by=priority,asc&filter_relationships=true&isFromB2C=true`), { key });
    expect(models.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: IDS.iphone15 })]));
    const versions = await call(api.url(`/models/${IDS.iphone15}/versions`), { key });
    expect(versions.body.data).toEqual(expect.arrayContaining([expect.objectContaining({ id: IDS.iphone15v128 })]));
    const version = await call(api.url(`/models/versions/${IDS.iphone15v128}?include_warranty_repairs=true`), { key, headers: { "accept-language": "de" } });
    expect(version.status).toBe(200);
    expect(version.body.data).toMatchObject({ id: IDS.iphone15v128 });
    expect((await call(api.url("/device/types"), { key })).body.data.length).toBeGreaterThan(0);
  });

  it("answers with an ETag and Cache-Control, and 304 for a matching If-None-Match", async () => {
    const first = await call(api.url("/makes/list/type/1"), { key });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers.get("cache-control")).toBe("private, max-age=300");
    const again = await call(api.url("/makes/list/type/1"), { key, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("refuses an unknown query parameter (400), a path id that is not a number (404) and a key without catalogue:read (403)", async () => {
    expect(await call(api.url("/models?make_id=2&type_id=1&colour=red"), { key })).toMatchObject({
      status: 400,
      body: { code: "VALIDATION", messages: { colour: [expect.any(String)] } },
    });
    expect(await call(api.url("/models?make_id=x&type_id=1"), { key })).toMatchObject({ status: 400, body: { code: "VALIDATION" } });
    expect((await call(api.url("/models/abc/versions"), { key })).status).toBe(404);
    expect((await call(api.url("/makes/list/type/1"), { key: bookingsOnly })).status).toBe(403);
  });
});
