import { env } from "~/env.server";
import { collectionResponse } from "./schemas";

export class ContentUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ContentUnavailableError";
  }
}

export type Query = Record<string, string | number>;

const PAGE_SIZE = 100;
const MAX_PAGES = 50;

/** Reads every page of a Strapi collection. The only code that speaks HTTP to Strapi. */
export async function fetchCollection(collection: string, query: Query): Promise<unknown[]> {
  const entries: unknown[] = [];
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const body = await fetchJson(collection, { ...query, "pagination[page]": page, "pagination[pageSize]": PAGE_SIZE });
    const parsed = collectionResponse.safeParse(body);
    if (!parsed.success) throw new ContentUnavailableError(`Unexpected response shape from CMS collection ${collection}`);
    entries.push(...parsed.data.data);
    const pageCount = parsed.data.meta?.pagination?.pageCount ?? 1;
    if (page >= pageCount) break;
  }
  return entries;
}

async function fetchJson(collection: string, query: Query): Promise<unknown> {
  const { CMS_URL, CMS_READ_TOKEN, CMS_TIMEOUT_MS } = env();
  const url = new URL(`/api/${collection}`, CMS_URL);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${CMS_READ_TOKEN}`, Accept: "application/json" },
      signal: AbortSignal.timeout(CMS_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ContentUnavailableError(`CMS unreachable at ${CMS_URL}`, { cause });
  }
  if (!response.ok) {
    throw new ContentUnavailableError(`CMS answered ${response.status} for ${collection}`);
  }
  try {
    return await response.json();
  } catch (cause) {
    throw new ContentUnavailableError(`CMS sent invalid JSON for ${collection}`, { cause });
  }
}

/**
 * A JSON call to one of the CMS's own endpoints (the staff log-in, ADR 095) with the read token;
 * null for a 404. A body is sent as JSON and never logged.
 */
export async function callCms(pathname: string, init: { method?: "GET" | "POST"; body?: unknown; query?: Query } = {}): Promise<unknown> {
  const { CMS_URL, CMS_READ_TOKEN, CMS_TIMEOUT_MS } = env();
  const url = new URL(`/api/${pathname}`, CMS_URL);
  for (const [name, value] of Object.entries(init.query ?? {})) url.searchParams.set(name, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      method: init.method ?? "GET",
      headers: { Authorization: `Bearer ${CMS_READ_TOKEN}`, Accept: "application/json", ...(init.body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(CMS_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new ContentUnavailableError(`CMS unreachable at ${CMS_URL}`, { cause });
  }
  if (response.status === 404) return null;
  if (!response.ok) throw new ContentUnavailableError(`CMS answered ${response.status} for ${pathname}`);
  try {
    return await response.json();
  } catch (cause) {
    throw new ContentUnavailableError(`CMS sent invalid JSON for ${pathname}`, { cause });
  }
}
