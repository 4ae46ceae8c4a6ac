/**
 * Content invalidation across app instances (ADR 059). The instance that receives the CMS webhook
 * publishes "carrier X's content changed" with Postgres NOTIFY on the booking database; every
 * instance LISTENs and drops that carrier's cached content. pg-listen keeps one dedicated
 * connection per instance and reconnects (and LISTENs again) after a connection loss.
 *
 * On embedded PGlite there is one instance by construction, so there is nobody to tell: publish
 * and subscribe do nothing and the receiving instance's own invalidation is the whole story.
 */
import { randomUUID } from "node:crypto";
import pgListen, { type Subscriber } from "pg-listen";
import { z } from "zod";
import { databaseEnvSchema, type DatabaseEnv } from "../db/open";

type CreateSubscriber = typeof pgListen;
// pg-listen is CommonJS with `exports.default`: under Node's ESM loader the default import is the exports object.
const createPostgresSubscriber: CreateSubscriber = (pgListen as unknown as { default?: CreateSubscriber }).default ?? pgListen;

export const CONTENT_INVALIDATION_CHANNEL = "content_invalidation";

/** What changed: a carrier's content, or (carrierCode null) possibly every carrier's. */
export interface ContentInvalidation {
  model: string;
  carrierCode: string | null;
}

const message = z.object({
  v: z.literal(1),
  origin: z.string().min(1).max(64),
  model: z.string().min(1).max(100),
  carrierCode: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]*$/)
    .max(100)
    .nullable(),
});

/** After a reconnect the notifications sent meanwhile are lost: subscribers drop everything once. */
export const EVERYTHING: ContentInvalidation = Object.freeze({ model: "*", carrierCode: null });

export interface ContentInvalidationBus {
  /** "postgres" (other instances hear it) or "none" (PGlite: one instance). */
  readonly transport: "postgres" | "none";
  /** Tells the other instances; false when it could not (logged; they catch up within the TTL). */
  publish(change: ContentInvalidation): Promise<boolean>;
  /** Handler for changes published by other instances; returns the unsubscribe function. */
  subscribe(handler: (change: ContentInvalidation) => void): () => void;
  /** Resolves once the first LISTEN is in place (at once for "none"). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface BusOptions {
  log?: (message: string) => void;
  /** Fixed delays between reconnection attempts are capped here (ms). */
  maxRetryDelayMs?: number;
  publishTimeoutMs?: number;
}

export function createContentInvalidationBus(env: DatabaseEnv | NodeJS.ProcessEnv = process.env, options: BusOptions = {}): ContentInvalidationBus {
  const log = options.log ?? ((text: string) => console.warn(`[content-invalidation] ${text}`));
  const config = databaseEnvSchema.parse({ DATABASE_URL: env.DATABASE_URL, BOOKING_DATA_DIR: env.BOOKING_DATA_DIR || undefined });
  if (!config.DATABASE_URL) return noBus();

  const origin = randomUUID();
  const handlers = new Set<(change: ContentInvalidation) => void>();
  const deliver = (change: ContentInvalidation) => {
    for (const handler of handlers) {
      try {
        handler(change);
      } catch (error) {
        log(`a subscriber failed: ${String(error)}`);
      }
    }
  };

  const maxDelay = options.maxRetryDelayMs ?? 5_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 2_000;
  const subscriber: Subscriber = createPostgresSubscriber(
    { connectionString: config.DATABASE_URL },
    {
      // Never give up: retryTimeout 0 means no deadline; back off up to maxDelay.
      retryLimit: Infinity,
      retryTimeout: 0,
      retryInterval: (attempt) => Math.min(100 * 2 ** attempt, maxDelay),
      // Raw payloads: validated below, a malformed one is reported instead of crashing the listener.
      parse: (payload) => payload,
      serialize: (payload) => String(payload),
    },
  );
  subscriber.events.on("error", (error) => log(`listener error (reconnecting): ${error.message}`));
  subscriber.events.on("reconnect", (attempt) => {
    if (attempt === 1) log("connection lost, reconnecting");
  });
  let listening = false;
  subscriber.events.on("connected", () => {
    // The first connect is not a catch-up; every later one is.
    if (listening) {
      log("reconnected; dropping every cached carrier once for what was missed meanwhile");
      deliver(EVERYTHING);
    }
  });
  subscriber.notifications.on(CONTENT_INVALIDATION_CHANNEL, (payload: unknown) => {
    let parsed: z.infer<typeof message>;
    try {
      parsed = message.parse(JSON.parse(String(payload)));
    } catch {
      log(`ignored a malformed notification: ${String(payload).slice(0, 200)}`);
      return;
    }
    if (parsed.origin === origin) return; // our own echo: already applied locally
    deliver({ model: parsed.model, carrierCode: parsed.carrierCode });
  });

  // LISTEN is queued behind the connect; if the first connect fails, pg-listen reconnects and LISTENs again.
  const started = Promise.all([subscriber.connect(), subscriber.listenTo(CONTENT_INVALIDATION_CHANNEL)]).then(
    () => {
      listening = true;
    },
    (error: Error) => {
      listening = true;
      log(`could not listen yet (retrying): ${error.message}`);
    },
  );
  let closed = false;

  return {
    transport: "postgres",
    async publish(change) {
      const valid = message.safeParse({ v: 1, origin, model: change.model, carrierCode: change.carrierCode });
      if (!valid.success) {
        log(`not published, not a carrier change: ${JSON.stringify(change).slice(0, 200)}`);
        return false;
      }
      const payload = JSON.stringify(valid.data);
      let timer: NodeJS.Timeout | undefined;
      try {
        // A half-open connection would hang the webhook's answer: give up after publishTimeoutMs.
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${publishTimeoutMs} ms`)), publishTimeoutMs);
        });
        await Promise.race([subscriber.notify(CONTENT_INVALIDATION_CHANNEL, payload), timeout]);
        return true;
      } catch (error) {
        log(`could not publish ${change.model} ${change.carrierCode ?? "*"}: ${String(error)}`);
        return false;
      } finally {
        clearTimeout(timer);
      }
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    ready: () => started,
    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await subscriber.close().catch(() => undefined);
    },
  };
}

function noBus(): ContentInvalidationBus {
  return {
    transport: "none",
    publish: async () => false,
    subscribe: () => () => undefined,
    ready: async () => undefined,
    close: async () => undefined,
  };
}
