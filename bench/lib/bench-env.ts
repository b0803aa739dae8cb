/**
 * The bench's throwaway settings, decided once per run and put into process.env BEFORE any app
 * module is loaded (run.ts imports this module first): the app modules the bench uses to make its
 * data (users, applications, admins) then talk to the same database and keys as the server.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = process.env.BUILD_DIR || "build-bench";
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306";

const dbName = `lm_bench_${process.pid}_${Date.now().toString(36)}`;

export const BENCH = {
  mysqlUrl: MYSQL_URL,
  dbName,
  databaseUrl: `${MYSQL_URL}/${dbName}`,
  dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "lm-bench-")),
  encryptionKey: Buffer.alloc(32, 11).toString("base64"),
  sessionSecret: "bench-session-secret-0123456789abcdef0123456789",
};

process.env.DATABASE_URL = BENCH.databaseUrl;
process.env.DATA_DIR = BENCH.dataDir;
process.env.DOCUMENT_ENCRYPTION_KEY = BENCH.encryptionKey;
process.env.SESSION_SECRET = BENCH.sessionSecret;
process.env.COOKIE_SECURE = "false";
process.env.NODE_ENV = "test";
