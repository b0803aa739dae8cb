/** Server start-up and shutdown: database preparation, readiness, background workers. */
import { prepareAdminsAtStart } from "~/features/accounts/index.server";
import { upgradeLegacyRecoveryCodes } from "~/features/accounts/index.server";
import { ensureLendersOnEmptyDatabase } from "~/features/marketplace/index.server";
import { sweepOrphans } from "~/features/documents/index.server";
import { startOutboxWorker, stopOutboxWorker } from "~/features/mail/index.server";
import { startWebhookWorker, stopWebhookWorker } from "~/features/partners/index.server";
import { getEnv } from "~/platform/env.server";
import { singleton } from "~/platform/singleton.server";
import { log, logError } from "~/platform/observability/log.server";
import { assertMigrated, DatabaseNotMigratedError, DatabaseUnreachableError, ensureDatabase } from "~/platform/db/migrate.server";
import { databaseTargets } from "~/platform/db/database-url.server";
import { assertFrameworkPatched } from "~/platform/framework-patches.server";

const state = singleton("lifecycle", () => ({ draining: false, prepared: false, workersStopped: Promise.resolve() }));

export function setDraining(v: boolean) {
  state.draining = v;
  // Draining: stop claiming e-mails and deliveries; the pass in progress ends (the e-mail being sent
  // is sent, the rows not begun go back to the queue) before the pool closes (workersStopped).
  if (v) state.workersStopped = Promise.all([stopOutboxWorker(), stopWebhookWorker()]).then(() => {});
}

/** Resolves when the background senders stopped by setDraining have ended their pass (at most `ms`). */
export function workersStopped(ms = 10_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((r) => (timer = setTimeout(r, ms)));
  return Promise.race([state.workersStopped.catch(() => {}), late]).finally(() => clearTimeout(timer));
}
export const isDraining = () => Boolean(state.draining);

type Hook = () => void | Promise<void>;
const startHooks: Hook[] = [];
/** Background workers (outbox sender, sweepers) register here and start after the database is ready. */
export function onServerStart(hook: Hook) {
  startHooks.push(hook);
}

// The outbox sender: every app server runs one; row leases keep them from sending a row twice.
// Not under vitest's NODE_ENV=test (integration tests drive drainOutboxOnce themselves).
onServerStart(() => {
  if (getEnv().NODE_ENV !== "test") startOutboxWorker();
});

// The webhook sender: like the outbox sender, one per app server (leases keep rows single), unless
// WEBHOOK_WORKER=false; not under vitest (tests drive drainWebhooksOnce themselves).
onServerStart(() => {
  const env = getEnv();
  if (env.NODE_ENV !== "test" && env.WEBHOOK_WORKER) startWebhookWorker();
});

// The document sweeper: removes staging objects and stored files without a documents row that are
// older than an hour (an upload cut off by a crash, a commit whose transaction never finished).
// Every app server runs it; it is idempotent, and an hour is far longer than any upload or commit.
export const SWEEP_EVERY_MS = 60 * 60_000;
export const SWEEP_OLDER_THAN_MS = 60 * 60_000;
onServerStart(() => {
  if (getEnv().NODE_ENV === "test") return;
  let running = false;
  const sweep = async () => {
    if (running || isDraining()) return;
    running = true;
    try {
      const { stagingRemoved, orphansRemoved } = await sweepOrphans({ olderThanMs: SWEEP_OLDER_THAN_MS });
      if (stagingRemoved || orphansRemoved)
        log.info(`[documents] sweep removed ${stagingRemoved} staging and ${orphansRemoved} orphaned files`);
    } catch (e) {
      logError("documents.sweep", e);
    } finally {
      running = false;
    }
  };
  // First run a minute or two after start (spread over servers), then hourly.
  setTimeout(() => void sweep(), 60_000 + Math.floor(Math.random() * 60_000)).unref();
  setInterval(() => void sweep(), SWEEP_EVERY_MS).unref();
});

export async function prepareServer() {
  const env = getEnv();
  // A production install made without its postinstall (npm ci --ignore-scripts) stops here.
  if (env.NODE_ENV === "production") assertFrameworkPatched();
  const targets = databaseTargets(env.DATABASE_URL, env.DATABASE_HOSTS);
  try {
    // MIGRATE_ON_START=0: a release job (`npm run db:migrate`) migrates; this server only checks.
    if (env.MIGRATE_ON_START) await ensureDatabase(targets);
    else await assertMigrated(targets);
  } catch (e) {
    if (e instanceof DatabaseUnreachableError || e instanceof DatabaseNotMigratedError) throw Object.assign(e, { userMessage: e.message });
    throw Object.assign(new Error("migration failed"), {
      userMessage: `[db] Could not prepare the database: ${(e as Error).message.split("\n")[0]}`,
    });
  }
  await prepareAdminsAtStart();
  await upgradeLegacyRecoveryCodes();
  await ensureLendersOnEmptyDatabase();
  state.prepared = true;
  for (const h of startHooks) await h();
}
