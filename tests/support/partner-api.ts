/**
 * The partner API as a carrier's partner calls it (ADR 182–184, 254): a key issued in the CMS the way
 * the key panel issues it (the content manager's entry, then its secret, once), and calls to the app's
 * /api/v4 on a carrier's own host. Node cannot resolve `<code>.localhost`, and fetch does not let a
 * caller set Host, so the call goes to the app's address with the carrier's host in the Host header.
 */
import { request as httpRequest } from "node:http";
import { adminLogin, cmsCall } from "./cms-admin";

const ADMIN_EMAIL = process.env.CMS_ADMIN_EMAIL ?? "admin@repair.localhost";
const ADMIN_PASSWORD = process.env.CMS_ADMIN_PASSWORD ?? "DevAdmin2026!";
const API_KEY = "api::ops-api-key.ops-api-key";

export const appUrl = () => (process.env.APP_URL ?? "http://127.0.0.1:3100").replace(/\/$/, "");

/** The carrier's own host on the test app (`patchpoint.localhost:3108`). */
export const carrierHost = (code: string) => `${code}.localhost:${new URL(appUrl()).port}`;

/** A GET of the app's `path` (from /api/v4 on) with the key as a bearer header, on `host`; the JSON answer. */
export function partnerGet(key: string, host: string, path: string): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${appUrl()}${path}`);
  return new Promise((resolve, reject) => {
    const sent = httpRequest({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { Authorization: `Bearer ${key}`, Host: host } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** A key of `carrierCode` with `scopes`, issued as the CMS's key panel issues it; `documentId` to delete it afterwards. */
export async function issuePartnerKey(carrierCode: string, name: string, scopes: string[]): Promise<{ key: string; documentId: string }> {
  const token = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  const made = await cmsCall("POST", `/content-manager/collection-types/${API_KEY}`, token, { carrierCode, name, scopes, revoked: false });
  if (made.status !== 201) throw new Error(`creating the key: ${made.status} ${JSON.stringify(made.body)}`);
  const documentId = made.body.data.documentId as string;
  const issued = await cmsCall("POST", `/admin/ops-api-keys/${documentId}/secret`, token, {});
  if (issued.status !== 201) throw new Error(`showing the key: ${issued.status} ${JSON.stringify(issued.body)}`);
  return { key: issued.body.key as string, documentId };
}

export async function deletePartnerKey(documentId: string): Promise<void> {
  const token = await adminLogin(ADMIN_EMAIL, ADMIN_PASSWORD);
  await cmsCall("DELETE", `/content-manager/collection-types/${API_KEY}/${documentId}`, token);
}

/** A call of `method` on the app's `path` (from /api/v4 on) with a JSON body, the key as a bearer header, on `host`; the JSON answer. */
export function partnerSend(key: string, host: string, method: "POST" | "PUT" | "DELETE", path: string, body: unknown = {}): Promise<{ status: number; body: unknown }> {
  const url = new URL(`${appUrl()}${path}`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: `${url.pathname}${url.search}`,
        headers: { Authorization: `Bearer ${key}`, Host: host, "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as unknown) : null }));
      },
    );
    sent.on("error", reject);
    sent.end(payload);
  });
}
