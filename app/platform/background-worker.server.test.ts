import { describe, expect, it } from "vitest";
import { backgroundWorker } from "./background-worker.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("backgroundWorker", () => {
  it("stop() resolves only once the pass in progress has ended, and the pass is told to stop", async () => {
    const gate = deferred();
    const seen: boolean[] = [];
    let passes = 0;
    const w = backgroundWorker(`test-stop-${Date.now()}`, async (stopping) => {
      passes++;
      seen.push(stopping());
      await gate.promise;
      seen.push(stopping());
      return { full: true }; // a full batch: it would run again unless stopped
    });
    w.start(60_000);
    let stopped = false;
    const stop = w.stop().then(() => (stopped = true));
    await new Promise((r) => setImmediate(r));
    expect(stopped).toBe(false);
    gate.resolve();
    await stop;
    expect(seen).toEqual([false, true]);
    expect(passes).toBe(1);
  });

  it("one pass at a time: a wake during a pass runs one more pass after it, not a second at once", async () => {
    let running = 0;
    let most = 0;
    let passes = 0;
    const gates = [deferred(), deferred()];
    const started = [deferred(), deferred()];
    const w = backgroundWorker(`test-wake-${Date.now()}`, async () => {
      running++;
      most = Math.max(most, running);
      const n = passes++;
      started[n]!.resolve();
      await gates[n]!.promise;
      running--;
      return { full: false };
    });
    w.start(60_000);
    await started[0]!.promise;
    w.wake();
    w.wake();
    await new Promise((r) => setImmediate(r));
    gates[0]!.resolve();
    await started[1]!.promise;
    gates[1]!.resolve();
    await w.stop();
    expect(most).toBe(1);
    expect(passes).toBe(2);
  });

  it("a wake queued just before stop() runs no pass after it", async () => {
    let passes = 0;
    const w = backgroundWorker(`test-late-${Date.now()}`, async () => {
      passes++;
      return { full: false };
    });
    w.start(60_000);
    await w.stop();
    const before = passes;
    w.start(60_000);
    await w.stop(); // the start's own pass ran and ended
    const afterRestart = passes;
    w.start(60_000);
    w.wake(); // queued for the next turn of the event loop
    await w.stop();
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(before).toBe(1);
    expect(afterRestart).toBe(2);
    expect(passes).toBe(3);
  });
});
