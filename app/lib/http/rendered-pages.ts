import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/**
 * The render cache's store (ADR 073): content pages rendered once per host + locale + content
 * version, kept with their gzip and brotli bytes (compressed once, when stored) and a strong ETag.
 * One per process: the edge's render cache serves from it, the content module drops from it when
 * the CMS webhook or another instance's NOTIFY says a carrier's content changed.
 */
export interface RenderedPage {
  /** The carrier whose content the page shows; invalidation drops by it. */
  carrier: string;
  headers: [string, string][];
  /** The Content-Security-Policy with `NONCE_SLOT` where each response's own nonce goes. */
  policy: string | null;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  storedAt: number;
  /**
   * A page that moves with the clock: served only before this moment of the engine's clock (ms since
   * the epoch), the booked-page cache's validity bound (ADR 233). Absent: the TTL alone.
   */
  validUntil?: number;
}

/** Stands for the response's nonce in a stored policy. */
export const NONCE_SLOT = "{{nonce}}";

export interface RenderedPagesOptions {
  ttlMs: number;
  /** Memory budget: the HTML and its two encodings of every page together. */
  maxBytes: number;
  now?: () => number;
}

export class RenderedPages {
  private readonly entries = new Map<string, RenderedPage>();
  private bytes = 0;
  private readonly now: () => number;
  /** Bumped by every invalidation: a render that began before one is not stored. */
  private version = 0;

  constructor(private readonly options: RenderedPagesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The content version a render starts under; pass it back to `store`. */
  get contentVersion(): number {
    return this.version;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A page rendered within the TTL, or undefined (the TTL is the fallback should a NOTIFY be missed). */
  get(key: string): RenderedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt > this.options.ttlMs) {
      this.remove(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  /** Stores unless content changed since the render began; returns whether it did. */
  store(key: string, page: Omit<RenderedPage, "storedAt">, renderedUnder: number): boolean {
    if (renderedUnder !== this.version) return false;
    this.remove(key);
    this.entries.set(key, { ...page, storedAt: this.now() });
    this.bytes += sizeOf(page);
    while (this.bytes > this.options.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    return this.entries.has(key);
  }

  /** Drops one page (a clock-bound booked page whose carrier's bookings may have changed, ADR 233). */
  drop(key: string): void {
    this.remove(key);
  }

  /** Drops one carrier's pages, or every page (a carrier-list change); returns how many. */
  invalidate(carrier?: string): number {
    this.version += 1;
    let dropped = 0;
    for (const [key, page] of this.entries) {
      if (carrier === undefined || page.carrier === carrier) {
        this.remove(key);
        dropped += 1;
      }
    }
    return dropped;
  }

  private remove(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= sizeOf(page);
  }
}

const sizeOf = (page: Pick<RenderedPage, "identity" | "gzip" | "br">) => page.identity.length + page.gzip.length + page.br.length;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The page's bytes in every coding the cache serves, and their strong ETag (one per coding). `fast`:
 * for a page kept about a second (ADR 233), compressed as `compression` would on the fly (gzip 6,
 * brotli 4) instead of the smallest a page kept for minutes is worth (gzip 9, brotli 11).
 */
export async function compressedPage(body: Buffer, options: { fast?: boolean } = {}): Promise<Pick<RenderedPage, "identity" | "gzip" | "br" | "etag">> {
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: options.fast ? 6 : 9 }),
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: options.fast ? 4 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  const etag = createHash("sha256").update(body).digest("base64url").slice(0, 32);
  return { identity: body, gzip: gzipped, br: brotli, etag };
}

let processPages: RenderedPages | undefined;

/** The process's one store, made with the first caller's options. */
export function renderedPages(options: RenderedPagesOptions = { ttlMs: 60_000, maxBytes: 64 * 1024 * 1024 }): RenderedPages {
  return (processPages ??= new RenderedPages(options));
}

/** Called with every content invalidation: a carrier's rendered pages go with its content. */
export function dropRenderedPages(carrier: string | undefined): number {
  return processPages?.invalidate(carrier) ?? 0;
}
