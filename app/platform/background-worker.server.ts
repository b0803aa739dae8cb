/**
 * A background sender of this process (the outbox's e-mails, the partners' webhooks): one pass at a
 * time, every `intervalMs`, at once when woken, and again at once while a pass fills its batch.
 *
 * `stop()` ends the schedule and resolves when the pass in progress has ended. A shutdown awaits it
 * before the MySQL pool closes: a pass cut off half way would leave the rows it had claimed leased
 * to a process that is gone, and nobody would send them until the lease ran out (minutes later).
 * A pass is told when a stop is asked (`stopping()`), so it can hand back the rows it has not begun.
 */
import { singleton } from "~/platform/singleton.server";
import { logError } from "~/platform/observability/log.server";
import { outsideRequestScope } from "~/platform/http/request-scope.server";

type Pass = (stopping: () => boolean) => Promise<{ full: boolean }>;
type State = { timer?: ReturnType<typeof setInterval>; current?: Promise<void>; again: boolean };

export function backgroundWorker(name: string, pass: Pass) {
  const state = singleton(`${name}-worker`, (): State => ({ again: false }));
  const stopping = () => state.timer === undefined;

  async function run() {
    try {
      do {
        state.again = false;
        const { full } = await pass(stopping);
        if (full) state.again = true; // a full batch: there may be more
      } while (state.again && !stopping());
    } catch (e) {
      logError(name, e);
    }
  }

  function tick() {
    if (stopping()) return; // a wake queued just before stop(): no pass after it
    if (state.current) {
      state.again = true;
      return;
    }
    state.current = run().finally(() => {
      state.current = undefined;
    });
  }

  return {
    /** Starts the schedule (and a pass at once). Idempotent. */
    start(intervalMs = 5_000) {
      if (state.timer) return;
      state.timer = setInterval(tick, intervalMs);
      state.timer.unref?.();
      tick();
    },
    /** Ends the schedule; resolves once the pass in progress, if any, has ended. */
    stop(): Promise<void> {
      if (state.timer) clearInterval(state.timer);
      state.timer = undefined;
      return state.current ?? Promise.resolve();
    },
    /** A pass now (after a commit that queued work), outside the request that asked for it. */
    wake() {
      if (state.timer) outsideRequestScope(() => setImmediate(tick));
    },
  };
}
