/** Server start-up and shutdown: database preparation, readiness, background workers. */
import { ensureDemoAdminOnEmptyDatabase } from "./admin-seed.server";
import { startOutboxWorker, stopOutboxWorker } from "./mail.server";
import { getEnv } from "~/utils/env.server";
import { DatabaseUnreachableError, ensureDatabase } from "~/utils/migrate.server";

const state = globalThis as unknown as { __lmDraining?: boolean; __lmPrepared?: boolean };

export function setDraining(v: boolean) {
  state.__lmDraining = v;
  // Draining: stop claiming e-mails (a row already claimed is finished or its lease expires).
  if (v) stopOutboxWorker();
}
export const isDraining = () => Boolean(state.__lmDraining);

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

export async function prepareServer() {
  const env = getEnv();
  try {
    await ensureDatabase(env.DATABASE_URL);
  } catch (e) {
    if (e instanceof DatabaseUnreachableError) throw Object.assign(e, { userMessage: e.message });
    throw Object.assign(new Error("migration failed"), { userMessage: `[db] Could not prepare the database: ${(e as Error).message.split("\n")[0]}` });
  }
  await ensureDemoAdminOnEmptyDatabase();
  state.__lmPrepared = true;
  for (const h of startHooks) await h();
}
