// The native runner's process supervision (issue 43, ADR 279): each long-running process (the app
// replicas, Strapi, Caddy) is restarted when it dies, as docker-compose.yml's `restart:` policy for
// its service says, the way Docker's restart manager does it: after a delay that starts at 100 ms and
// doubles with every restart (at most 30 s), back to 100 ms once a run lasted 10 s. Unlike Docker, a
// process that dies START_LIMIT.burst times within START_LIMIT.intervalMs is reported and left down,
// as systemd does with StartLimitBurst= / StartLimitIntervalSec= (deploy/systemd uses the same numbers).
//
//   const replica = supervise({ name: "app-1", policy: "unless-stopped", start, log });
//   await replica.start();   // a deliberate start: resolves once ready, rejects if it fails
//   await replica.stop();    // a deliberate stop: never restarted (unless-stopped)
//
// `start()` of the options launches the process and resolves, once it is ready, with a handle
// `{ exited: Promise<{ code, signal }>, stop(): Promise, pid? }`; it rejects when the process died
// or never became ready. The clock is injectable so the policy is tested without real processes.

/** Docker's restart delays (daemon/restartmanager): 100 ms, doubled each time, reset after 10 s up. */
export const BACKOFF = { initialMs: 100, maxMs: 30_000, resetAfterMs: 10_000 };
/** Given up after this many unexpected exits within the interval (systemd's StartLimit*, in the units too). */
export const START_LIMIT = { burst: 5, intervalMs: 60_000 };

/** @typedef {{ now: () => number, setTimeout: (fn: () => void, ms: number) => unknown, clearTimeout: (timer: any) => void }} Clock */
/** @type {Clock} */
const realClock = { now: () => Date.now(), setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (timer) => clearTimeout(timer) };

/**
 * A compose `restart:` value as a policy: "no" (also YAML's false and a missing key, compose's
 * default), "always", "unless-stopped", "on-failure" or "on-failure:<max retries>".
 * @returns {{ mode: "no" | "always" | "unless-stopped" | "on-failure", maxRetries: number | null }}
 */
export function parseRestartPolicy(value) {
  if (value === undefined || value === null || value === false) return { mode: "no", maxRetries: null };
  const text = String(value).trim();
  const match = /^(no|always|unless-stopped|on-failure)(?::(\d+))?$/.exec(text);
  if (!match || (match[2] !== undefined && match[1] !== "on-failure")) throw new Error(`unknown restart policy "${text}" (no, always, unless-stopped, on-failure[:N])`);
  return { mode: /** @type {"no" | "always" | "unless-stopped" | "on-failure"} */ (match[1]), maxRetries: match[2] === undefined ? null : Number(match[2]) };
}

/** The restart policy of each service the native runner keeps running, from the compose file. */
export function restartPolicies(compose, services = ["app", "cms", "proxy"]) {
  return Object.fromEntries(
    services.map((service) => {
      const definition = compose.services?.[service];
      if (!definition) throw new Error(`docker-compose.yml has no service ${service}`);
      return [service, parseRestartPolicy(definition.restart)];
    }),
  );
}

/**
 * Whether a process that exited on its own is started again (a deliberate stop never is).
 * @param {{ mode: string, maxRetries: number | null }} policy
 * @param {{ code: number | null, signal: string | null }} exit
 * @param {number} restarts restarts since the last run that lasted (on-failure's count)
 */
export function restartsAfter(policy, exit, restarts) {
  if (policy.mode === "no") return false;
  if (policy.mode === "always" || policy.mode === "unless-stopped") return true;
  const failed = exit.signal !== null || exit.code !== 0;
  return failed && (policy.maxRetries === null || restarts < policy.maxRetries);
}

/** How an exit reads in a log line. */
export const describeExit = (exit) =>
  exit.error ? `failed to start (${exit.error.message.split("\n")[0]})` : exit.signal ? `was killed (${exit.signal})` : `exited with code ${exit.code}`;

/**
 * @param {object} options
 * @param {string} options.name what the log lines call it
 * @param {{ mode: string, maxRetries: number | null } | string} options.policy
 * @param {() => Promise<{ exited: Promise<{ code: number | null, signal: string | null }>, stop: () => Promise<unknown>, pid?: number }>} options.start
 * @param {(message: string) => void} options.log
 * @param {(reason: string) => void} [options.onGiveUp]
 * @param {Clock} [options.clock]
 * @param {typeof BACKOFF} [options.backoff]
 * @param {typeof START_LIMIT} [options.limit]
 */
export function supervise({ name, policy, start, log, onGiveUp = () => {}, clock = realClock, backoff = BACKOFF, limit = START_LIMIT }) {
  const restartPolicy = typeof policy === "string" ? parseRestartPolicy(policy) : policy;
  /** "stopped" | "starting" | "running" | "backing-off" | "exited" | "gave-up" */
  let status = "stopped";
  let wanted = false;
  let handle = null;
  let timer = null;
  let launching = null;
  let startedAt = 0;
  let readyAt = 0;
  let delay = backoff.initialMs;
  let restarts = 0;
  let total = 0;
  let deaths = [];
  /** Callers of start() waiting for the process to be running (after a restart too). */
  let waiters = [];
  const settle = (error) => {
    const pending = waiters;
    waiters = [];
    for (const waiter of pending) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  };

  async function launch(isRestart) {
    status = "starting";
    startedAt = clock.now();
    readyAt = 0;
    let started;
    try {
      started = await start();
    } catch (error) {
      launching = null;
      if (!isRestart) {
        wanted = false;
        status = "stopped";
        settle(error);
        throw error;
      }
      return died({ code: null, signal: null, error });
    }
    launching = null;
    if (!wanted) {
      await started.stop();
      status = "stopped";
      return;
    }
    handle = started;
    status = "running";
    readyAt = clock.now();
    if (isRestart) log(`${name} restarted${started.pid ? ` (pid ${started.pid})` : ""}, ready ${((readyAt - startedAt) / 1000).toFixed(1)} s after its start`);
    settle();
    started.exited.then((exit) => {
      if (handle !== started) return;
      handle = null;
      died(exit);
    });
  }

  function died(exit) {
    if (!wanted) {
      status = "stopped";
      return;
    }
    const now = clock.now();
    // A run that lasted resets the back-off and on-failure's count, as Docker does.
    if (readyAt && now - readyAt >= backoff.resetAfterMs) {
      delay = backoff.initialMs;
      restarts = 0;
    }
    if (!restartsAfter(restartPolicy, exit, restarts)) {
      wanted = false;
      status = "exited";
      log(`${name} ${describeExit(exit)}; not restarted (restart: ${restartPolicy.mode}${restartPolicy.maxRetries === null ? "" : `:${restartPolicy.maxRetries}`})`);
      settle(new Error(`${name} ${describeExit(exit)}`));
      return;
    }
    deaths = [...deaths.filter((time) => now - time < limit.intervalMs), now];
    if (deaths.length >= limit.burst) {
      wanted = false;
      status = "gave-up";
      const reason = `${name} ${describeExit(exit)}, ${deaths.length} times within ${limit.intervalMs / 1000} s: given up, not restarted (start it again by hand once the cause is fixed)`;
      log(reason);
      onGiveUp(reason);
      settle(new Error(reason));
      return;
    }
    const wait = delay;
    delay = Math.min(delay * 2, backoff.maxMs);
    restarts += 1;
    total += 1;
    status = "backing-off";
    log(`${name} ${describeExit(exit)}; restarting in ${wait} ms (restart: ${restartPolicy.mode}, restart ${restarts})`);
    timer = clock.setTimeout(() => {
      timer = null;
      if (!wanted) return;
      launching = launch(true);
    }, wait);
  }

  return {
    name,
    policy: restartPolicy,
    /** A deliberate start (`docker start`): resolves once running; at once when it already is. */
    start() {
      if (status === "running") return Promise.resolve();
      const ready = new Promise((resolve, reject) => waiters.push({ resolve, reject }));
      if (!wanted) {
        wanted = true;
        deaths = [];
        delay = backoff.initialMs;
        restarts = 0;
        launching = launch(false).catch(() => {});
      }
      return ready;
    },
    /** A deliberate stop (`docker stop`): the process is never restarted after it. */
    async stop() {
      wanted = false;
      if (timer) {
        clock.clearTimeout(timer);
        timer = null;
      }
      if (launching) await launching;
      const current = handle;
      handle = null;
      if (current) await current.stop();
      status = "stopped";
      settle(new Error(`${name} was stopped`));
    },
    /** The running process's handle (null while it is down). */
    handle: () => handle,
    state: () => ({ status, restarts: total, pid: handle?.pid ?? null }),
  };
}
