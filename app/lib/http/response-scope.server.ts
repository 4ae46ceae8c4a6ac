import { AsyncLocalStorage } from "node:async_hooks";
import type { Cookie, CookieSerializeOptions, Session, SessionStorage } from "@remix-run/node";

/**
 * The response scope (ADR 163): one per request, around Remix's handler. The request's sessions,
 * plain cookies and toast are registered here; after the handler has answered — a document, a data
 * request, a resource route, a redirect, returned or thrown — every session whose data changed (or
 * that its owner keeps rolling) is committed onto the answer, a destroyed one cleared, each plain
 * cookie set once. No route commits a session or writes `Set-Cookie` by hand, so none can forget to.
 * An unchanged session sets no cookie: a page without cookies stays cacheable (ADRs 073, 089).
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a scope holds sessions of any shape
type AnyStorage = SessionStorage<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySession = Session<any, any>;

interface Tracked {
  session: AnySession;
  storage: AnyStorage;
  /** The data as it came with the request: committed only when it changed... */
  before: string;
  /**
   * ...or when its owner says so (the booking session's 30 days roll once a day). Asked with every
   * answer, before the comparison, and may stamp the session (the day it was last written).
   */
  keep?: (session: AnySession) => boolean;
  /** Begun in this request (`freshSession`) rather than read from its cookie. */
  fresh: boolean;
  destroyed: boolean;
}

export class ResponseScope {
  readonly #sessions = new Map<AnyStorage, Promise<Tracked>>();
  readonly #cookies = new Map<string, () => Promise<string>>();
  readonly #reads = new Map<string, Promise<unknown>>();
  #writing = 0;

  /**
   * What `load` answers for `key`, read once per request (ADR 209): the booking frame's loader and the
   * step's share one read of the visitor's booking. An engine operation that may write (`writing`)
   * forgets every read kept, and while one runs nothing is kept, so no loader of this request sees the
   * booking as it was before this request changed it. Nothing outlives the request.
   */
  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#writing > 0) return load();
    const kept = this.#reads.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    const pending = load();
    this.#reads.set(key, pending);
    pending.catch(() => {
      if (this.#reads.get(key) === pending) this.#reads.delete(key);
    });
    return pending;
  }

  /** An operation that may write has started: every read kept is forgotten now and again when it ends (call the answer). */
  writing(): () => void {
    this.#writing += 1;
    this.#reads.clear();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#writing -= 1;
      this.#reads.clear();
    };
  }

  /**
   * The request's session of `storage`: the same object for every loader and action of the request,
   * committed with the answer when it changed (or `keep` holds at the end).
   */
  async session<S extends AnySession>(storage: SessionStorage<S["data"]>, request: Request, options: { keep?: (session: S) => boolean } = {}): Promise<S> {
    let tracked = this.#sessions.get(storage);
    if (!tracked) {
      tracked = storage.getSession(request.headers.get("Cookie")).then((session) => ({
        session,
        storage,
        before: JSON.stringify(session.data),
        keep: options.keep as Tracked["keep"],
        fresh: false,
        destroyed: false,
      }));
      this.#sessions.set(storage, tracked);
    }
    return (await tracked).session as S;
  }

  /** A new session of `storage` in place of the request's, filled by `fill` (a log-in: never the session the request came with; a flashed toast). */
  freshSession<S extends AnySession>(storage: SessionStorage<S["data"]>, fill: (session: S) => void): void {
    const tracked = storage.getSession(null).then((session) => {
      fill(session as S);
      return { session, storage, before: "", fresh: true, destroyed: false };
    });
    this.#sessions.set(storage, tracked);
  }

  /** Ends the request's session of `storage`: the answer clears its cookie (`unlessFresh`: unless this request began a new one). */
  async destroy(storage: AnyStorage, request: Request, options: { unlessFresh?: boolean } = {}): Promise<void> {
    await this.session(storage, request);
    const tracked = await this.#sessions.get(storage)!;
    if (!(options.unlessFresh && tracked.fresh)) tracked.destroyed = true;
  }

  /** Sets a plain cookie with the answer (the last value given for its name). */
  setCookie<T>(cookie: Cookie, value: T, options?: CookieSerializeOptions): void {
    this.#cookies.set(cookie.name, () => cookie.serialize(value, options));
  }

  /** The Set-Cookie values the answer carries, in a stable order. */
  async cookies(): Promise<string[]> {
    const values: string[] = [];
    for (const pending of this.#sessions.values()) {
      const { session, storage, before, keep, destroyed } = await pending;
      if (destroyed) values.push(await storage.destroySession(session));
      else {
        const kept = keep?.(session) ?? false;
        if (kept || JSON.stringify(session.data) !== before) values.push(await storage.commitSession(session));
      }
    }
    for (const serialize of this.#cookies.values()) values.push(await serialize());
    return values;
  }

  /** `response` with the scope's cookies; a response with immutable headers is copied first. */
  async commit(response: Response): Promise<Response> {
    const cookies = await this.cookies();
    if (cookies.length === 0) return response;
    let answer = response;
    try {
      for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    } catch {
      answer = new Response(response.body, response);
      for (const cookie of cookies) answer.headers.append("Set-Cookie", cookie);
    }
    return answer;
  }
}

/** One store per process. */
const scopes = new AsyncLocalStorage<ResponseScope>();

/** The scope of the request being answered; outside one (a handler not wrapped) it is a bug. */
export function responseScope(): ResponseScope {
  const scope = scopes.getStore();
  if (!scope) throw new Error("No response scope: Remix's handler must run inside withResponseScope (server.ts).");
  return scope;
}

/** The scope of the request being answered, or undefined outside one (the engine's timers, a script). */
export function currentResponseScope(): ResponseScope | undefined {
  return scopes.getStore();
}

/** Runs `work` in a new scope: what it returned and the cookies its answer would carry (tests use it too). */
export async function inResponseScope<T>(work: () => Promise<T>): Promise<{ value: T; cookies: string[]; scope: ResponseScope }> {
  const scope = new ResponseScope();
  const value = await scopes.run(scope, work);
  return { value, cookies: await scope.cookies(), scope };
}

/**
 * Wraps a fetch-level handler (Remix's `createRequestHandler` of @remix-run/node, or a route's
 * loader or action in a test): runs it in a new scope and commits the scope onto its answer. A
 * thrown Response (a redirect) is answered like a returned one.
 */
export function withResponseScope<Args extends unknown[]>(handler: (...args: Args) => Promise<Response>): (...args: Args) => Promise<Response> {
  return async (...args) => {
    const scope = new ResponseScope();
    let response: Response;
    try {
      response = await scopes.run(scope, () => handler(...args));
    } catch (thrown) {
      if (!(thrown instanceof Response)) throw thrown;
      response = thrown;
    }
    return scope.commit(response);
  };
}
