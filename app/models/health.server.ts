import { sql } from "drizzle-orm";
import { getDb } from "~/models/db.server";

/** SELECT 1 with a deadline: does the database answer? */
export async function pingDatabase(timeoutMs = 2000) {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      getDb().execute(sql`SELECT 1`),
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs))),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
