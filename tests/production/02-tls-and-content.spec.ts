/**
 * Issue 22: what a carrier's domain and an editor's change meet in production. On-demand TLS gives a
 * domain added in the CMS its certificate at the first visit, and nothing to a name no carrier has;
 * a published edit reaches both replicas within 2 s; with the CMS stopped for 60 s both replicas keep
 * serving the last good content.
 */
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import tls from "node:tls";
import { seededCarriers, type CmsEntry } from "../support/cms";
import { adminApi, carrierOrigin, control, figure, replicaGet, siteFetch, sleep, state } from "../support/production";

/** A TLS handshake with Caddy for `name`, checked against Caddy's CA; the certificate's names, or the error. */
function handshake(name: string): Promise<{ ok: true; names: string } | { ok: false; error: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: "127.0.0.1", port: state().ports.https, servername: name, ca: readFileSync(state().caRoot), ALPNProtocols: ["http/1.1"] });
    socket.setTimeout(30_000, () => socket.destroy(new Error("timeout")));
    socket.once("secureConnect", () => {
      const names = socket.getPeerCertificate().subjectaltname ?? "";
      socket.end();
      resolve({ ok: true, names });
    });
    socket.once("error", (error) => resolve({ ok: false, error: error.message }));
  });
}

let carrier: CmsEntry;
test.beforeAll(async () => {
  const carriers = await seededCarriers({ sort: "code:asc" });
  carrier = carriers.find((entry) => entry.code === "patchpoint") ?? carriers[0]!;
});

test("on-demand TLS: a domain added in the CMS gets a certificate at its first visit; an unknown name gets none", async () => {
  const admin = await adminApi();
  const domains = carrier.domains as string[];
  const added = `tls-${Date.now().toString(36)}.${domains
    .find((domain) => !domain.endsWith(".localhost"))!
    .split(".")
    .slice(-2)
    .join(".")}`;
  const stranger = `nobody-${Date.now().toString(36)}.example`;

  // Before the edit the name is nobody's: no certificate.
  expect(await handshake(added)).toMatchObject({ ok: false });
  expect(await handshake(stranger)).toMatchObject({ ok: false });

  await admin.publishCarrier(carrier.documentId, { domains: [...domains, added] });
  try {
    const started = Date.now();
    // The first visit after the publish: Caddy asks a replica, which reads the carrier list again.
    const result = await handshake(added);
    figure("certificate for a domain added in the CMS (seconds from publish)", ((Date.now() - started) / 1000).toFixed(1));
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.names).toContain(`DNS:${added}`);
    const page = await siteFetch(`https://${added}:${state().ports.https}/booking/postcode-search`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(String(carrier.name));
    // Still none for a stranger.
    expect(await handshake(stranger)).toMatchObject({ ok: false });
  } finally {
    await admin.publishCarrier(carrier.documentId, { domains });
  }
});

test("a published edit reaches both replicas within 2 s", async () => {
  const admin = await adminApi();
  const hostname = new URL(carrierOrigin(String(carrier.code))).hostname;
  const name = String(carrier.name);
  const edited = `${name} ${Date.now().toString(36)}`;
  const titleOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1] ?? "";
  for (const replica of [0, 1]) expect(titleOf((await replicaGet(replica, hostname, "/booking/postcode-search")).body)).toContain(name);

  await admin.publishCarrier(carrier.documentId, { name: edited });
  const published = Date.now();
  try {
    const seen: number[] = [];
    for (const replica of [0, 1]) {
      while (!titleOf((await replicaGet(replica, hostname, "/booking/postcode-search")).body).includes(edited)) {
        if (Date.now() - published > 10_000) break;
        await sleep(50);
      }
      seen.push((Date.now() - published) / 1000);
    }
    figure("a CMS edit on both replicas (seconds after publish)", seen.map((seconds) => seconds.toFixed(2)).join(", "));
    for (const seconds of seen) expect(seconds).toBeLessThan(2);
  } finally {
    await admin.publishCarrier(carrier.documentId, { name });
  }
  // Back as it was, on both.
  await expect
    .poll(
      async () =>
        (await Promise.all([0, 1].map(async (replica) => titleOf((await replicaGet(replica, hostname, "/booking/postcode-search")).body)))).every(
          (title) => title.includes(name) && !title.includes(edited),
        ),
      { timeout: 10_000 },
    )
    .toBe(true);
});

test("the CMS stopped for 60 s: both replicas keep serving the carrier's pages", async () => {
  const origin = carrierOrigin(String(carrier.code));
  const hostname = new URL(origin).hostname;
  const pages = ["/", "/faqs", "/booking/postcode-search"];
  // The pages are in each replica's cache before the CMS goes.
  for (const replica of [0, 1]) for (const page of pages) await replicaGet(replica, hostname, page);

  await control("cms/stop");
  const statuses = new Map<number, number>();
  let requests = 0;
  try {
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      for (const page of pages) {
        for (const replica of [0, 1]) {
          const { status, body } = await replicaGet(replica, hostname, page);
          requests += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200) expect(body).toContain(String(carrier.name));
        }
        const viaCaddy = await siteFetch(`${origin}${page}`);
        await viaCaddy.arrayBuffer();
        requests += 1;
        statuses.set(viaCaddy.status, (statuses.get(viaCaddy.status) ?? 0) + 1);
      }
      await sleep(500);
    }
  } finally {
    await control("cms/start");
  }
  figure("requests while the CMS was stopped for 60 s (status: count)", [...statuses].map(([status, count]) => `${status}: ${count}`).join(", "));
  expect(requests).toBeGreaterThan(60);
  // Every answer is the page (the landing may redirect to the postcode search, as it does with the CMS up).
  expect([...statuses.keys()].filter((status) => status !== 200 && status !== 302)).toEqual([]);
});
