import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { readFileSync } from "node:fs";
import path from "node:path";
import { BACKOFF, START_LIMIT, parseRestartPolicy, restartPolicies, restartsAfter, supervise } from "../../scripts/lib/supervisor.mjs";

/**
 * The native runner's supervision (issue 43, ADR 279), without real processes: `start` hands out
 * processes the test ends itself, and the clock only moves when the test moves it.
 */
type Exit = { code: number | null; signal: string | null };

function fakeClock() {
  let now = 0;
  let timers: { at: number; fn: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout(fn: () => void, ms: number) {
      ids += 1;
      timers.push({ at: now + ms, fn, id: ids });
      return ids;
    },
    clearTimeout(id: number) {
      timers = timers.filter((timer) => timer.id !== id);
    },
    /** Moves the clock on by `ms`, running the timers that fall due. */
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((entry) => entry.at <= now)) {
        timers = timers.filter((entry) => entry !== timer);
        timer.fn();
      }
      await settled();
    },
    pending: () => timers.map((timer) => timer.at - now),
  };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Processes started by the supervisor: each can die as the test says; `stop` is a deliberate stop. */
function fakeProcesses({ failStarts = 0 } = {}) {
  const started: { pid: number; die: (exit: Exit) => void; stopped: boolean }[] = [];
  let failures = failStarts;
  const failNext = (count: number) => (failures = count);
  const start = async () => {
    if (failures > 0) {
      failures -= 1;
      throw new Error("exited with 1 before it was ready");
    }
    let die: (exit: Exit) => void = () => {};
    const exited = new Promise<Exit>((resolve) => (die = resolve));
    const entry = { pid: 1000 + started.length, die, stopped: false };
    started.push(entry);
    return {
      pid: entry.pid,
      exited,
      async stop() {
        entry.stopped = true;
        die({ code: 0, signal: null });
      },
    };
  };
  return { started, start, failNext };
}

function setUp(policy: string, options: { failStarts?: number } = {}) {
  const clock = fakeClock();
  const processes = fakeProcesses(options);
  const lines: string[] = [];
  const givenUp: string[] = [];
  const supervisor = supervise({
    name: "app-1",
    policy,
    start: processes.start,
    log: (line: string) => lines.push(line),
    onGiveUp: (reason: string) => givenUp.push(reason),
    clock,
  });
  return { clock, processes, lines, givenUp, supervisor };
}

describe("restart policies, as docker-compose.yml writes them", () => {
  it("reads no, always, unless-stopped and on-failure[:N]; a missing key or YAML's false is no", () => {
    expect(parseRestartPolicy("unless-stopped")).toEqual({ mode: "unless-stopped", maxRetries: null });
    expect(parseRestartPolicy("on-failure:3")).toEqual({ mode: "on-failure", maxRetries: 3 });
    expect(parseRestartPolicy(undefined)).toEqual({ mode: "no", maxRetries: null });
    expect(parseRestartPolicy(false)).toEqual({ mode: "no", maxRetries: null });
    expect(() => parseRestartPolicy("sometimes")).toThrow(/unknown restart policy "sometimes"/);
    expect(() => parseRestartPolicy("always:3")).toThrow(/unknown restart policy/);
  });

  it("takes each supervised service's policy from the compose file", () => {
    const compose = parse(readFileSync(path.resolve(__dirname, "../../docker-compose.yml"), "utf8"), { merge: true });
    expect(restartPolicies(compose)).toEqual({
      app: { mode: "unless-stopped", maxRetries: null },
      cms: { mode: "unless-stopped", maxRetries: null },
      proxy: { mode: "unless-stopped", maxRetries: null },
    });
    expect(restartPolicies(compose, ["release"])).toEqual({ release: { mode: "no", maxRetries: null } });
  });

  it("restarts on-failure only after a failure, and at most N times", () => {
    const policy = parseRestartPolicy("on-failure:2");
    expect(restartsAfter(policy, { code: 0, signal: null }, 0)).toBe(false);
    expect(restartsAfter(policy, { code: 1, signal: null }, 1)).toBe(true);
    expect(restartsAfter(policy, { code: null, signal: "SIGKILL" }, 1)).toBe(true);
    expect(restartsAfter(policy, { code: 1, signal: null }, 2)).toBe(false);
    expect(restartsAfter(parseRestartPolicy("unless-stopped"), { code: 0, signal: null }, 99)).toBe(true);
    expect(restartsAfter(parseRestartPolicy("no"), { code: null, signal: "SIGKILL" }, 0)).toBe(false);
  });
});

describe("supervise", () => {
  it("restarts a killed process after Docker's first delay, logging why and when it is back", async () => {
    const { clock, processes, lines, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    expect(supervisor.state()).toEqual({ status: "running", restarts: 0, pid: 1000 });
    processes.started[0]!.die({ code: null, signal: "SIGKILL" });
    await settled();
    expect(supervisor.state().status).toBe("backing-off");
    expect(clock.pending()).toEqual([BACKOFF.initialMs]);
    expect(lines.at(-1)).toBe("app-1 was killed (SIGKILL); restarting in 100 ms (restart: unless-stopped, restart 1)");
    await clock.advance(99);
    expect(processes.started).toHaveLength(1);
    await clock.advance(1);
    expect(processes.started).toHaveLength(2);
    expect(supervisor.state()).toEqual({ status: "running", restarts: 1, pid: 1001 });
    expect(lines.at(-1)).toMatch(/^app-1 restarted \(pid 1001\), ready 0\.0 s after its start$/);
  });

  it("doubles the delay with every quick death, and goes back to the first delay after a run of 10 s", async () => {
    const { clock, processes, supervisor } = setUp("always");
    await supervisor.start();
    const delays: number[] = [];
    for (let death = 0; death < 3; death++) {
      processes.started.at(-1)!.die({ code: 1, signal: null });
      await settled();
      delays.push(clock.pending()[0]!);
      await clock.advance(clock.pending()[0]!);
    }
    expect(delays).toEqual([100, 200, 400]);
    await clock.advance(BACKOFF.resetAfterMs);
    processes.started.at(-1)!.die({ code: 1, signal: null });
    await settled();
    expect(clock.pending()).toEqual([100]);
  });

  it("gives up on a process that dies 5 times within a minute: reported, not restarted", async () => {
    const { clock, processes, lines, givenUp, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    for (let death = 1; death <= START_LIMIT.burst; death++) {
      processes.started.at(-1)!.die({ code: 1, signal: null });
      await settled();
      if (death < START_LIMIT.burst) await clock.advance(clock.pending()[0]!);
    }
    expect(processes.started).toHaveLength(START_LIMIT.burst);
    expect(supervisor.state().status).toBe("gave-up");
    expect(clock.pending()).toEqual([]);
    expect(givenUp).toEqual(["app-1 exited with code 1, 5 times within 60 s: given up, not restarted (start it again by hand once the cause is fixed)"]);
    expect(lines.at(-1)).toBe(givenUp[0]);
    // A deliberate start afterwards begins afresh.
    await supervisor.start();
    expect(supervisor.state().status).toBe("running");
    expect(processes.started).toHaveLength(START_LIMIT.burst + 1);
  });

  it("keeps restarting one that dies now and then (fewer than 5 deaths in any minute)", async () => {
    const { clock, processes, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    for (let death = 0; death < 8; death++) {
      await clock.advance(20_000);
      processes.started.at(-1)!.die({ code: null, signal: "SIGKILL" });
      await settled();
      await clock.advance(clock.pending()[0]!);
    }
    expect(supervisor.state()).toMatchObject({ status: "running", restarts: 8 });
  });

  it("counts a restart that never becomes ready as a death, and tries again after a longer delay", async () => {
    const { clock, processes, lines, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    processes.started[0]!.die({ code: null, signal: "SIGKILL" });
    await settled();
    // The next start fails before it is ready (its port taken, its database away, …).
    processes.failNext(1);
    await clock.advance(100);
    expect(supervisor.state().status).toBe("backing-off");
    expect(lines.at(-1)).toBe("app-1 failed to start (exited with 1 before it was ready); restarting in 200 ms (restart: unless-stopped, restart 2)");
    await clock.advance(200);
    expect(supervisor.state()).toEqual({ status: "running", restarts: 2, pid: 1001 });
  });

  it("never restarts after a deliberate stop (unless-stopped), nor a stop during the back-off", async () => {
    const { clock, processes, lines, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    await supervisor.stop();
    expect(processes.started[0]!.stopped).toBe(true);
    await clock.advance(60_000);
    expect(processes.started).toHaveLength(1);
    expect(supervisor.state().status).toBe("stopped");
    expect(lines).toEqual([]);

    await supervisor.start();
    processes.started[1]!.die({ code: null, signal: "SIGKILL" });
    await settled();
    expect(supervisor.state().status).toBe("backing-off");
    await supervisor.stop();
    await clock.advance(60_000);
    expect(processes.started).toHaveLength(2);
    expect(supervisor.state().status).toBe("stopped");
  });

  it("leaves a process down when the policy says no, and a clean exit under on-failure", async () => {
    for (const [policy, exit] of [
      ["no", { code: null, signal: "SIGKILL" }],
      ["on-failure", { code: 0, signal: null }],
    ] as const) {
      const { clock, processes, lines, supervisor } = setUp(policy);
      await supervisor.start();
      processes.started[0]!.die(exit);
      await settled();
      await clock.advance(60_000);
      expect(processes.started).toHaveLength(1);
      expect(supervisor.state().status).toBe("exited");
      expect(lines.at(-1)).toMatch(new RegExp(`^app-1 .*; not restarted \\(restart: ${policy}\\)$`));
    }
  });

  it("a deliberate start of a process that is restarting waits until it is back; one that fails is the caller's error", async () => {
    const { clock, processes, supervisor } = setUp("unless-stopped");
    await supervisor.start();
    processes.started[0]!.die({ code: null, signal: "SIGKILL" });
    await settled();
    let back = false;
    const waiting = supervisor.start().then(() => (back = true));
    await settled();
    expect(back).toBe(false);
    await clock.advance(100);
    await waiting;
    expect(back).toBe(true);
    expect(processes.started).toHaveLength(2);

    const broken = setUp("unless-stopped", { failStarts: 1 });
    await expect(broken.supervisor.start()).rejects.toThrow(/before it was ready/);
    expect(broken.supervisor.state().status).toBe("stopped");
    expect(broken.clock.pending()).toEqual([]);
  });
});
