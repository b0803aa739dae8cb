/**
 * The one mysql2 pool and drizzle instance. Only app/models and app/services import this.
 * The pool is bounded (size, queue, connect timeout) and cached on globalThis in development so
 * live reload does not leak connections.
 */
import { drizzle, type MySql2Database } from "drizzle-orm/mysql2";
import mysql from "mysql2/promise";
import * as schema from "../../db/schema";
import { getEnv } from "./env.server";

export type Database = MySql2Database<typeof schema>;

type Holder = { pool?: mysql.Pool; db?: Database };
const holder = globalThis as unknown as { __lmDb?: Holder };
holder.__lmDb ??= {};

export function poolOptions(url: string): mysql.PoolOptions {
  return {
    uri: url,
    connectionLimit: 10,
    queueLimit: 50,
    connectTimeout: 5000,
    waitForConnections: true,
    enableKeepAlive: true,
    timezone: "Z",
    dateStrings: false,
    decimalNumbers: false,
  };
}

export function getPool(): mysql.Pool {
  const h = holder.__lmDb!;
  if (!h.pool) h.pool = mysql.createPool(poolOptions(getEnv().DATABASE_URL));
  return h.pool;
}

export function getDb(): Database {
  const h = holder.__lmDb!;
  if (!h.db) h.db = drizzle(getPool(), { schema, mode: "default" });
  return h.db;
}

export async function closeDb() {
  const h = holder.__lmDb!;
  const pool = h.pool;
  h.pool = undefined;
  h.db = undefined;
  if (pool) await pool.end();
}

/** Runs fn in one transaction; every multi-row write goes through here. */
export function transaction<T>(fn: (tx: Parameters<Parameters<Database["transaction"]>[0]>[0]) => Promise<T>) {
  return getDb().transaction(fn);
}
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export { schema };
