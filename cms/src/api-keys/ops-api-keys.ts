import { AsyncLocalStorage } from 'node:async_hooks';
import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import { API_KEY_ORIGIN_PATTERN, API_KEY_SCOPES, newApiKeyId, newApiKeySecret } from '@repair/rules/api-keys';
import { OPS_UIDS } from '../lib/content-model';
import type { Problem } from '../operations/ops-rules';
import { bumpRevision } from '../engine-feed/ops-revision';
import { sendContentChange } from '../app-channel/webhook';

/**
 * Partner API keys as operations entries (ADR 182, 183). The CMS generates the key id on create;
 * the secret is issued once, by the edit view's panel right after creation (`issueSecret`), shown
 * to the operator once and kept only as its SHA-256 (`secretHash`, private, never in the admin or
 * the REST API). The engine takes the keys with the carrier's sync (the feed's `apiKeys`).
 * Rotation makes a new entry with the same settings and gives the old one an expiry (the overlap).
 */

type Data = Record<string, unknown>;

const UID = OPS_UIDS.apiKey;
/** The fields only this module writes: an admin or REST save cannot set or copy them. */
const MANAGED = ['keyId', 'secretHash', 'secretIssuedAt', 'rotatedFrom'] as const;
/** The name of the custom field that edits scopes as a multi-select (registered in the server and the admin). */
export const SCOPES_FIELD = 'api-key-scopes';
export const DEFAULT_OVERLAP_HOURS = 24;
const MAX_OVERLAP_HOURS = 24 * 30;

const managing = new AsyncLocalStorage<true>();
const asKeyService = <T>(fn: () => Promise<T>): Promise<T> => managing.run(true, fn);

/** The origins of the repeatable component as strings. */
export const originsOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((entry) => (entry && typeof entry === 'object' ? (entry as Data).origin : entry)).filter((o): o is string => typeof o === 'string') : [];

/** What is wrong with an API key entry (the whole entry, merged with what is stored). Pure. */
export function apiKeyProblems(merged: Data): Problem[] {
  const problems: Problem[] = [];
  const scopes = merged.scopes;
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.some((s) => !(API_KEY_SCOPES as readonly unknown[]).includes(s))) {
    problems.push({ path: ['scopes'], message: `Scopes: choose at least one of ${API_KEY_SCOPES.join(', ')}.` });
  }
  const origins = originsOf(merged.allowedOrigins);
  const bad = origins.filter((o) => !API_KEY_ORIGIN_PATTERN.test(o.trim()));
  if (bad.length)
    problems.push({ path: ['allowedOrigins'], message: `Allowed origins: ${bad.join(', ')} is not an origin; write scheme and host only, e.g. https://app.example.com.` });
  if (new Set(origins.map((o) => o.trim().toLowerCase())).size !== origins.length) problems.push({ path: ['allowedOrigins'], message: 'Allowed origins: each origin once.' });
  if (merged.expiresAt != null && Number.isNaN(Date.parse(String(merged.expiresAt))))
    problems.push({ path: ['expiresAt'], message: 'Expires: a date and time, or empty for no expiry.' });
  return problems;
}

/**
 * Before a save: a new entry (create, duplicate) gets a fresh key id and no secret; nothing but
 * this module sets the managed fields, so a duplicate never copies a secret's hash and a crafted
 * request cannot plant one.
 */
export function prepareApiKeyData(action: string, params: { data?: Data }): void {
  if (managing.getStore()) return;
  const data = (params.data ??= {});
  for (const field of MANAGED) delete data[field];
  if (action === 'create' || action === 'clone') Object.assign(data, { keyId: newApiKeyId(), secretHash: null, secretIssuedAt: null, rotatedFrom: null });
}

/** Drops the stored hash from whatever a document read or write answers (an entry, a list, `{ entries }`). */
function withoutHash(result: unknown): unknown {
  if (Array.isArray(result)) return result.map(withoutHash);
  if (!result || typeof result !== 'object') return result;
  const entry = result as Data;
  if (Array.isArray(entry.entries)) return { ...entry, entries: entry.entries.map(withoutHash) };
  if (!('secretHash' in entry)) return result;
  const { secretHash: _hash, ...rest } = entry;
  return rest;
}

/**
 * The hash never leaves the CMS through the document service (the content manager shows private
 * fields to admins): only this module's database reads (the feed, issuing) see it.
 */
export function registerApiKeyHashGuard(strapi: Core.Strapi): void {
  strapi.documents.use(async (ctx, next) => {
    if (ctx.uid !== UID) return next();
    return withoutHash(await next()) as Awaited<ReturnType<typeof next>>;
  });
}

/** The carrier's keys with an issued secret, as the engine takes them (booking/api-keys cmsApiKeySchema). */
export async function readApiKeysFeed(strapi: Core.Strapi, code: string) {
  const rows = (await strapi.db
    .query(UID as never)
    .findMany({ where: { carrierCode: code, secretHash: { $notNull: true } }, populate: ['allowedOrigins'], orderBy: { id: 'asc' } } as never)) as Data[];
  return rows.map((row) => ({
    id: String(row.keyId),
    name: String(row.name),
    scopes: Array.isArray(row.scopes) ? row.scopes : [],
    allowedOrigins: originsOf(row.allowedOrigins).map((o) => o.trim()),
    secretHash: String(row.secretHash),
    createdAt: new Date(String(row.createdAt)).toISOString(),
    expiresAt: row.expiresAt ? new Date(String(row.expiresAt)).toISOString() : null,
    revoked: row.revoked === true,
    rotatedFrom: typeof row.rotatedFrom === 'string' && row.rotatedFrom ? row.rotatedFrom : null,
  }));
}

async function entryOf(strapi: Core.Strapi, documentId: string): Promise<Data | null> {
  return (await strapi.db.query(UID as never).findOne({ where: { documentId }, populate: ['allowedOrigins'] } as never)) as Data | null;
}

/** The carrier's copy in the engine learns of a change the way an admin save tells it: revision, then webhook. */
async function announce(strapi: Core.Strapi, code: string): Promise<void> {
  await bumpRevision(strapi, code);
  sendContentChange(strapi, { event: 'entry.update', model: UID, carrierCode: code, locale: null });
}

/**
 * Issues the entry's secret, once: the whole key, for the operator to copy now. A second call (a
 * reload, a second tab, a replay) finds the secret issued and gets a 409; only the hash is stored.
 */
export async function issueSecret(strapi: Core.Strapi, documentId: string): Promise<{ key: string; keyId: string; secretIssuedAt: string }> {
  const entry = await entryOf(strapi, documentId);
  if (!entry) throw new errors.NotFoundError('No such API key');
  if (entry.secretHash) throw new errors.ApplicationError('The secret of this key was already shown once and cannot be shown again; rotate the key for a new one.');
  const keyId = String(entry.keyId);
  const { key, secretHash } = newApiKeySecret(keyId);
  const secretIssuedAt = new Date().toISOString();
  // Conditional: of two concurrent calls only one sets the hash (and only its key would work).
  const { count } = (await strapi.db.query(UID as never).updateMany({ where: { documentId, secretHash: { $null: true } }, data: { secretHash, secretIssuedAt } } as never)) as {
    count: number;
  };
  if (count !== 1) throw new errors.ApplicationError('The secret of this key was already shown once and cannot be shown again; rotate the key for a new one.');
  await announce(strapi, String(entry.carrierCode));
  return { key, keyId, secretIssuedAt };
}

/**
 * A new key with the entry's name, scopes, origins and expiry, its secret issued at once; the old
 * key keeps working until the overlap ends (or its own earlier expiry).
 */
export async function rotateKey(strapi: Core.Strapi, documentId: string, overlapHours = DEFAULT_OVERLAP_HOURS) {
  if (!Number.isFinite(overlapHours) || overlapHours < 0 || overlapHours > MAX_OVERLAP_HOURS) throw new errors.ValidationError(`The overlap is 0 to ${MAX_OVERLAP_HOURS} hours.`);
  const old = await entryOf(strapi, documentId);
  if (!old) throw new errors.NotFoundError('No such API key');
  if (old.revoked === true) throw new errors.ApplicationError('A revoked key is not rotated: create a new key.');
  if (!old.secretHash) throw new errors.ApplicationError('This key has no secret yet: open it to see its secret instead.');
  const created = (await asKeyService(() =>
    strapi.documents(UID as never).create({
      data: {
        carrierCode: old.carrierCode,
        name: old.name,
        scopes: old.scopes,
        allowedOrigins: originsOf(old.allowedOrigins).map((origin) => ({ origin })),
        expiresAt: old.expiresAt ?? null,
        revoked: false,
        keyId: newApiKeyId(),
        rotatedFrom: old.keyId,
      },
    } as never),
  )) as unknown as Data;
  const issued = await issueSecret(strapi, String(created.documentId));
  const overlapEnd = new Date(Date.now() + overlapHours * 3_600_000);
  const ownEnd = old.expiresAt ? new Date(String(old.expiresAt)) : null;
  const ends = ownEnd && ownEnd.getTime() < overlapEnd.getTime() ? ownEnd : overlapEnd;
  await strapi.documents(UID as never).update({ documentId, data: { expiresAt: ends.toISOString() } } as never);
  return { documentId: String(created.documentId), ...issued, previousExpiresAt: ends.toISOString() };
}

/** What the panel shows of an entry: never the hash; the engine's side (last use) is added by the route. */
export function panelView(entry: Data, now = new Date()) {
  return {
    keyId: String(entry.keyId ?? ''),
    carrierCode: String(entry.carrierCode),
    name: String(entry.name ?? ''),
    secretIssued: Boolean(entry.secretHash),
    secretIssuedAt: entry.secretIssuedAt ? new Date(String(entry.secretIssuedAt)).toISOString() : null,
    createdAt: new Date(String(entry.createdAt)).toISOString(),
    expiresAt: entry.expiresAt ? new Date(String(entry.expiresAt)).toISOString() : null,
    expired: entry.expiresAt ? Date.parse(String(entry.expiresAt)) <= now.getTime() : false,
    revoked: entry.revoked === true,
    rotatedFrom: typeof entry.rotatedFrom === 'string' && entry.rotatedFrom ? entry.rotatedFrom : null,
  };
}

export { entryOf as apiKeyEntry };
