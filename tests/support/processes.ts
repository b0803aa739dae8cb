/**
 * Starting servers for the tests and the bench (bench/lib/server.ts uses this file too): a free
 * port, waiting for a child process to answer, and the settings of the run's app server. Nothing
 * here imports vitest, so the global setup and the bench can load it.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * The node arguments of a checkout's `npm start` (`"start": "node <options> <entry>"`, e.g.
 * `node --max-semi-space-size=64 build/server.js`), to spawn with
 * `process.execPath`: tests and the bench run the server exactly as production does, and the bench
 * runs an older commit's server with whatever its own start script said (scripts/serve.js then).
 */
export function startScriptArgs(cwd: string): string[] {
  const start: string = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8")).scripts?.start ?? "";
  const m = /^node\s+(.*\S)$/.exec(start.trim());
  if (!m || !/\.(c|m)?[jt]s$/.test(m[1]!)) throw new Error(`${cwd}/package.json: start script is not "node [options] <entry>": ${start}`);
  return m[1]!.split(/\s+/);
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Polls `url` until it answers 2xx; throws when `child` exits first or `ms` pass. */
export async function waitUntilUp(url: string, child: ChildProcess, ms = 60_000, intervalMs = 150) {
  const end = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > end) throw new Error(`${url} did not answer within ${ms} ms`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/**
 * The app server's settings in a test run (global-setup.ts; a second server of a test shares them).
 * `origin` is the server's own address: production requires PUBLIC_URL, and e-mailed links and the
 * URL Remix routes on are built from it (a second server passes its own).
 */
export function testServerEnv(run: {
  databaseUrl: string;
  dataDir: string;
  encryptionKey: string;
  origin: string;
}): Record<string, string> {
  return {
    NODE_ENV: "production",
    PUBLIC_URL: run.origin,
    HOST: "127.0.0.1",
    DATABASE_URL: run.databaseUrl,
    DATA_DIR: run.dataDir,
    SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
    DOCUMENT_ENCRYPTION_KEY: run.encryptionKey,
    // Tests speak plain HTTP to 127.0.0.1; the Secure/__Host- cookie is asserted separately.
    COOKIE_SECURE: "false",
    // Every test client sends its own X-Forwarded-For, so throttles do not collide across tests.
    TRUST_PROXY: "1",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    SMTP_URL: "",
    META_PIXEL_ID: "",
    MARKETPLACE_NMLS_ID: "",
    // Webhook tests drive delivery themselves (drainWebhooksOnce with their own clock).
    WEBHOOK_WORKER: "false",
  };
}
