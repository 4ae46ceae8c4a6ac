/**
 * What lives as long as the process and must outlive Vite's development reloads (ADR 283): the
 * engine (its database, its scheduler and recovery timers), the content-invalidation bus (its
 * LISTEN connection) and the hooks that close them on shutdown. In development Vite evaluates a
 * changed module, and every module importing it, again in the same process; without this the
 * reloaded door would open the database a second time and subscribe twice. In production the
 * server build is evaluated once, so this is module state in effect.
 *
 * The one `globalThis` holder in app/ (tests/unit/one-module-graph.test.ts): the edge (server.ts)
 * reaches the app's state through the build's `edge` object only, so nothing else is shared that way.
 */
const HOLDER = Symbol.for("repair.survives-dev-reload");

/** The value kept under `key` for the process, made by `create` the first time. */
export function survivesDevReload<T>(key: string, create: () => T): T {
  const holder = globalThis as { [HOLDER]?: Map<string, unknown> };
  const kept = (holder[HOLDER] ??= new Map<string, unknown>());
  if (!kept.has(key)) kept.set(key, create());
  return kept.get(key) as T;
}

type ShutdownHook = () => Promise<void>;

/** What closes after the last request, in order (server.ts's graceful shutdown runs them). */
export function shutdownHooks(): ShutdownHook[] {
  return survivesDevReload("shutdown-hooks", (): ShutdownHook[] => []);
}

/** Adds a hook once. */
export function onShutdown(hook: ShutdownHook): void {
  const hooks = shutdownHooks();
  if (!hooks.includes(hook)) hooks.push(hook);
}
