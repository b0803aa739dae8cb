/**
 * `npm run galera` (scripts/galera/run.sh): the app on a three-node MariaDB Galera cluster with two
 * app servers, on this machine, talking to 127.0.0.1 only. Prints what each step asked, how the
 * servers answered (by status), the rows before and after, and anything lost or duplicated.
 *
 *  1. A cluster of three nodes (bench/lib/galera-cluster.ts) and an empty database.
 *  2. Start-up race: server A (hosts n1,n2,n3) and server B (hosts n2,n3,n1) start at the same
 *     moment, so they migrate through two different nodes: both must come up.
 *  3. Two writers (A on n1, B on n2): reads right after a write made through the other node, and
 *     the concurrency cases. This is the topology docs/deploy.md advises against; its figures show
 *     why (certification conflicts between nodes).
 *  4. One writer (B restarted with hosts n1,n2,n3, as A): the concurrency cases again: simultaneous
 *     sign-ups, wizard submissions, accepts of one application through both servers, admin status
 *     changes.
 *  5. Under load (bounded: GALERA_LOAD_SECONDS, GALERA_MAX_REQUESTS), the writer node is killed
 *     (SIGKILL) and restarted; the servers fail over to n2. Every answer is 2xx/3xx, 409, or 503
 *     with Retry-After; every sign-up and submission that was answered as done is in the
 *     database once, and one that was answered 503 left nothing half-written.
 *  6. A node cut off from the cluster (gmcast.isolate=1): a server that uses only that node answers
 *     /readyz 503 (the node still answers SELECT 1), then 200 once it has rejoined.
 *  7. The row counts and table checksums on all three nodes: identical.
 *
 * Settings: GALERA_SIGNUPS (30), GALERA_SUBMISSIONS (30), GALERA_ACCEPTS (16), GALERA_STATUS_CHANGES
 * (20), GALERA_LOAD_WORKERS (6), GALERA_LOAD_SECONDS (45), GALERA_MAX_REQUESTS (4000), GALERA_KEEP=1
 * (keep the cluster's directory and logs), GALERA_MD=file (also write the tables as Markdown).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { freePort, startScriptArgs, waitUntilUp } from "../tests/support/processes";
import { startGaleraCluster, missingPrerequisites, type GaleraCluster, type GaleraNode } from "./lib/galera-cluster";
import { Client, nextIp } from "./lib/http";

const ROOT = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = process.env.BUILD_DIR || "build-bench";
const num = (name: string, dflt: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : dflt;
};
const SETTINGS = {
  signups: num("GALERA_SIGNUPS", 30),
  submissions: num("GALERA_SUBMISSIONS", 30),
  accepts: num("GALERA_ACCEPTS", 16),
  statusChanges: num("GALERA_STATUS_CHANGES", 20),
  loadWorkers: num("GALERA_LOAD_WORKERS", 6),
  loadSeconds: num("GALERA_LOAD_SECONDS", 45),
  maxRequests: num("GALERA_MAX_REQUESTS", 4000),
};
const DB = "lm_galera";
const PASSWORD = "Galera-Horse-Battery-42";
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "lm-galera-app-"));
const SECRETS = {
  SESSION_SECRET: "galera-session-secret-0123456789abcdef0123456789",
  DOCUMENT_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unique = (p: string) => `${p}.${Date.now().toString(36)}.${randomBytes(4).toString("hex")}@example.com`;

// ---------- output ----------
const md: string[] = [];
function table(title: string, head: string[], rows: Array<Array<string | number>>) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? "").length)));
  console.info(`\n${title}`);
  for (const [j, r] of cells.entries()) {
    console.info(r.map((c, i) => c.padEnd(widths[i]!)).join("  "));
    if (j === 0) console.info(widths.map((w) => "-".repeat(w)).join("  "));
  }
  md.push(
    `\n**${title}**\n`,
    `| ${head.join(" | ")} |`,
    `| ${head.map(() => "---").join(" | ")} |`,
    ...rows.map((r) => `| ${r.join(" | ")} |`),
  );
}
function note(line: string) {
  console.info(line);
  md.push(`\n${line}`);
}

// ---------- answers ----------
type Answer = { status: number; retryAfter: boolean; server: string; path: string };
class Tally {
  answers: Answer[] = [];
  add(a: Answer) {
    this.answers.push(a);
  }
  byStatus() {
    const m = new Map<number, number>();
    for (const a of this.answers) m.set(a.status, (m.get(a.status) ?? 0) + 1);
    return [...m].sort((a, b) => a[0] - b[0]);
  }
  summary() {
    return this.byStatus()
      .map(([s, n]) => `${s === 0 ? "no answer" : s}: ${n}`)
      .join(", ");
  }
  count(pred: (a: Answer) => boolean) {
    return this.answers.filter(pred).length;
  }
  /** 5xx other than 503 with Retry-After, and answers that never came. */
  bad() {
    return this.badOnes().length;
  }
  badOnes() {
    return this.answers.filter((a) => a.status === 0 || (a.status >= 500 && !(a.status === 503 && a.retryAfter)));
  }
}

// ---------- app servers ----------
type AppServer = { name: string; origin: string; child: ChildProcess; log: () => string; stop: () => Promise<void> };
const servers = new Set<AppServer>();

function hostList(nodes: GaleraNode[]) {
  return `mysql://root@${nodes.map((n) => `127.0.0.1:${n.port}`).join(",")}/${DB}`;
}

async function startServer(name: string, databaseUrl: string, extra: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const artifacts = path.join(ROOT, "tests/.artifacts", BUILD_DIR);
  fs.mkdirSync(artifacts, { recursive: true });
  const logFile = path.join(artifacts, `galera-${name}.log`);
  const fd = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, startScriptArgs(ROOT), {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: databaseUrl,
      DATA_DIR,
      ...SECRETS,
      COOKIE_SECURE: "false",
      TRUST_PROXY: "1",
      ACCESS_LOG: "0",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      SMTP_URL: "",
      ...extra,
    },
    stdio: ["ignore", fd, fd],
  });
  fs.closeSync(fd);
  const origin = `http://127.0.0.1:${port}`;
  const log = () => fs.readFileSync(logFile, "utf8");
  const s: AppServer = {
    name,
    origin,
    child,
    log,
    async stop() {
      servers.delete(s);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await gone;
      clearTimeout(t);
    },
  };
  servers.add(s);
  try {
    await waitUntilUp(`${origin}/healthz`, child, 120_000, 200);
  } catch (e) {
    throw new Error(`server ${name} did not come up (${(e as Error).message}):\n${log().slice(-1500)}`);
  }
  return s;
}

/** Where each running server's log ends now; `causes` then names the errors logged since. */
function logMark() {
  return new Map([...servers].map((s) => [s, s.log().length]));
}
function causes(mark: Map<AppServer, number>) {
  const counts = new Map<string, number>();
  for (const s of servers) {
    const text = s.log().slice(mark.get(s) ?? 0);
    for (const m of text.matchAll(/\] (?:Error \[(\w+)\]|(\w*Error): )/g)) {
      const k = m[1] ?? m[2]!;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  return [...counts].map(([k, n]) => `${k} ${n}`).join(", ") || "-";
}

// ---------- HTTP journeys ----------
async function call(
  t: Tally,
  server: AppServer,
  client: Client,
  pathname: string,
  init: RequestInit & { form?: Record<string, string>; json?: unknown } = {},
) {
  client.origin = server.origin;
  const { json, ...rest } = init;
  const req: RequestInit & { form?: Record<string, string> } = { ...rest };
  if (json !== undefined) {
    req.body = JSON.stringify(json);
    req.headers = { "content-type": "application/json" };
    req.method ??= "POST";
  }
  try {
    const res = await client.fetch(pathname, { ...req, signal: AbortSignal.timeout(60_000) });
    t.add({ status: res.status, retryAfter: res.headers.has("retry-after"), server: server.name, path: pathname });
    return res;
  } catch {
    t.add({ status: 0, retryAfter: false, server: server.name, path: pathname });
    return null;
  }
}

function signUpBody(email: string) {
  return { firstName: "Gale", lastName: "Ra", email, password: PASSWORD, phone: "555-010-2030", dateOfBirth: "1985-04-12" };
}

/** The wizard over HTTP as a browser without JavaScript, steps 1-5; `review` posts step 6 (the submit). */
async function wizardUpTo(t: Tally, via: AppServer[], client: Client, email: string, state = "TX") {
  const steps: Array<[string, Record<string, string>]> = [
    ["/apply/loan", { amount: "30000", purpose: "working-capital" }],
    [
      "/apply/owner",
      {
        firstName: "Robin",
        lastName: "Okafor",
        email,
        phone: "(555) 010-7788",
        dateOfBirth: "1984-06-30",
        usCitizen: "on",
        password: PASSWORD,
      },
    ],
    ["/apply/address", { streetAddress: "1 Congress Ave", city: "Austin", state, zipCode: "78701" }],
    ["/apply/finances", { annualIncome: "120000", livingSituation: "rent", monthlyPayment: "1500" }],
    ["/apply/documents", {}],
  ];
  for (const [i, [p, form]] of steps.entries()) {
    const res = await call(t, via[i % via.length]!, client, p, { form: { ...form, intent: "continue" } });
    if (!res || res.status !== 302) return false;
  }
  return true;
}
const review = (t: Tally, server: AppServer, client: Client) =>
  call(t, server, client, "/apply/review", { form: { agreeTerms: "on", authorizeCredit: "on", intent: "continue" } });

// ---------- database checks ----------
async function q<T = Record<string, unknown>>(node: GaleraNode, sql: string, params: unknown[] = []): Promise<T[]> {
  const c = await node.connect(DB);
  try {
    const [rows] = await c.query(sql, params);
    return rows as T[];
  } finally {
    await c.end().catch(() => {});
  }
}
const TABLES = [
  "users",
  "account_tokens",
  "sessions",
  "loan_applications",
  "application_events",
  "offers",
  "offer_acceptances",
  "outbox",
  "audit_log",
];
async function rowCounts(node: GaleraNode) {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await q<{ n: number }>(node, `SELECT COUNT(*) AS n FROM \`${t}\``))[0]!.n);
  return out;
}
/**
 * A checksum of each table's values as SELECT reads them, every column included. Not CHECKSUM
 * TABLE: on account_tokens (a stored generated column) it differed between nodes whose rows read
 * the same.
 */
async function checksums(node: GaleraNode) {
  const out: string[] = [];
  for (const table of TABLES.filter((t) => t !== "sessions")) {
    const cols = await q<{ c: string }>(
      node,
      `SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS
        WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION`,
      [DB, table],
    );
    const list = cols.map((r) => `IFNULL(\`${r.c}\`, '<null>')`).join(", ");
    const [row] = await q<{ n: number; sum: string }>(
      node,
      `SELECT COUNT(*) AS n, BIT_XOR(CRC32(CONCAT_WS('#', ${list}))) AS sum FROM \`${table}\``,
    );
    out.push(`${table}=${row!.n}:${row!.sum}`);
  }
  return out.join(" ");
}

/** Users by e-mail with their verification token and e-mail: none, complete, or half-written. */
async function accountsOf(node: GaleraNode, emails: string[]) {
  if (emails.length === 0) return new Map<string, { users: number; tokens: number; mails: number }>();
  const rows = await q<{ email: string; users: number; tokens: number; mails: number }>(
    node,
    `SELECT u.email, COUNT(DISTINCT u.id) AS users,
            (SELECT COUNT(*) FROM account_tokens t WHERE t.user_id = u.id) AS tokens,
            (SELECT COUNT(*) FROM outbox o WHERE o.to_email = u.email) AS mails
       FROM users u WHERE u.email IN (?) GROUP BY u.id, u.email`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, { users: Number(r.users), tokens: Number(r.tokens), mails: Number(r.mails) }]));
}
async function applicationsOf(node: GaleraNode, emails: string[]) {
  if (emails.length === 0) return new Map<string, number>();
  const rows = await q<{ email: string; n: number }>(
    node,
    `SELECT u.email, COUNT(a.id) AS n FROM users u LEFT JOIN loan_applications a ON a.user_id = u.id AND a.status <> 'draft'
      WHERE u.email IN (?) GROUP BY u.email`,
    [emails],
  );
  return new Map(rows.map((r) => [r.email, Number(r.n)]));
}

// ---------- the cases ----------
type CaseRow = Array<string | number>;
const CASE_HEAD = [
  "case",
  "requests",
  "answers by status",
  "500s / no answer",
  "errors in the servers' logs",
  "rows before -> after",
  "lost",
  "duplicated",
  "verdict",
];

/** Runs one case, adding the errors the servers logged meanwhile (the cause of any 500) as column 5. */
async function logged(run: () => Promise<CaseRow>): Promise<CaseRow> {
  const mark = logMark();
  return withCauses(await run(), causes(mark));
}

/** Column 5 the errors logged; a FAIL whose 500s were all deadlocks says so (the transaction helper retries those). */
function withCauses(row: CaseRow, logged: string): CaseRow {
  const out = [...row.slice(0, 4), logged, ...row.slice(4)];
  const onlyDeadlocks =
    /ER_LOCK_DEADLOCK/.test(logged) &&
    logged.split(", ").every((c) => /^(ER_LOCK_DEADLOCK|ECONNRESET|PROTOCOL_CONNECTION_LOST|ER_UNKNOWN_COM_ERROR) /.test(c));
  if (String(out[8]).startsWith("FAIL") && onlyDeadlocks) out[8] = `${out[8]}: every 500 a deadlock (1213)`;
  return out;
}

async function signUps(label: string, a: AppServer, b: AppServer, writer: GaleraNode): Promise<CaseRow> {
  const t = new Tally();
  const emails = Array.from({ length: SETTINGS.signups }, () => unique("galera-signup"));
  const before = (await rowCounts(writer)).users;
  const results = await Promise.all(
    emails.map((email, i) => call(t, i % 2 ? b : a, new Client(a.origin, nextIp()), "/api/auth/register", { json: signUpBody(email) })),
  );
  const ok = emails.filter((_, i) => results[i]?.status === 201);
  const accounts = await accountsOf(writer, emails);
  const lost = ok.filter((e) => !accounts.has(e)).length;
  const half = [...accounts.values()].filter((x) => x.tokens < 1 || x.mails < 1).length;
  const dup = [...accounts.values()].filter((x) => x.users > 1).length;
  const after = (await rowCounts(writer)).users;
  const verdict = t.bad() === 0 && lost === 0 && half === 0 && dup === 0 && ok.length === emails.length ? "PASS" : "FAIL";
  return [
    `${label}: ${emails.length} sign-ups at once`,
    t.answers.length,
    t.summary(),
    t.bad(),
    `users ${before} -> ${after}`,
    lost,
    dup,
    `${verdict}${half ? ` (${half} without token or e-mail)` : ""}`,
  ];
}

async function submissions(label: string, a: AppServer, b: AppServer, writer: GaleraNode): Promise<CaseRow> {
  const prep = new Tally();
  const t = new Tally();
  const people = await Promise.all(
    Array.from({ length: SETTINGS.submissions }, async () => {
      const email = unique("galera-wizard");
      const client = new Client(a.origin, nextIp());
      const ready = await wizardUpTo(prep, [a, b], client, email, "IL");
      return { email, client, ready };
    }),
  );
  const before = (await rowCounts(writer)).loan_applications;
  const ready = people.filter((p) => p.ready);
  const results = await Promise.all(ready.map((p, i) => review(t, i % 2 ? b : a, p.client)));
  const done = ready.filter((_, i) => results[i]?.status === 302 && results[i]?.headers.get("location") === "/apply/submitted");
  const apps = await applicationsOf(
    writer,
    ready.map((p) => p.email),
  );
  const lost = done.filter((p) => (apps.get(p.email) ?? 0) < 1).length;
  const dup = [...apps.values()].filter((n) => n > 1).length;
  const after = (await rowCounts(writer)).loan_applications;
  const verdict = t.bad() === 0 && prep.bad() === 0 && lost === 0 && dup === 0 && done.length === people.length ? "PASS" : "FAIL";
  return [
    `${label}: ${people.length} wizard submissions at once (steps 1-5 before: ${prep.summary()})`,
    t.answers.length,
    t.summary(),
    t.bad() + prep.bad(),
    `applications ${before} -> ${after}`,
    lost,
    dup,
    verdict,
  ];
}

/** One applicant's TX application with offers, then many accepts of its two first offers, alternating servers. */
async function accepts(label: string, a: AppServer, b: AppServer, writer: GaleraNode): Promise<CaseRow> {
  const prep = new Tally();
  const t = new Tally();
  const email = unique("galera-accept");
  const client = new Client(a.origin, nextIp());
  if (!(await wizardUpTo(prep, [a, b], client, email)) || (await review(prep, a, client))?.status !== 302)
    return [`${label}: accepts`, 0, `set-up failed: ${prep.summary()}`, prep.bad(), "", "", "", "FAIL"];
  const [app] = await q<{ id: number; reference: string }>(
    writer,
    "SELECT a.id, a.application_id AS reference FROM loan_applications a JOIN users u ON u.id = a.user_id WHERE u.email = ?",
    [email],
  );
  const list = (await (await call(prep, a, client, `/api/loan-applications/${app!.reference}/offers`))!.json()) as {
    offers: Array<{ id: number }>;
  };
  const offers = list.offers.slice(0, 2);
  const ds = await Promise.all(
    offers.map(
      async (o) =>
        (await (await call(prep, b, client, `/api/offers/${o.id}`))!.json()) as { disclosureSha256: string; offer: { id: number } },
    ),
  );
  const results = await Promise.all(
    Array.from({ length: SETTINGS.accepts }, (_, i) => {
      const d = ds[i % ds.length]!;
      return call(t, i % 2 ? b : a, client, `/api/offers/${d.offer.id}/accept`, {
        json: { signerName: "Robin Okafor", confirmRead: true, disclosureSha256: d.disclosureSha256 },
      });
    }),
  );
  void results;
  const acc = await q<{ n: number }>(writer, "SELECT COUNT(*) AS n FROM offer_acceptances WHERE application_id = ?", [app!.id]);
  const n = Number(acc[0]!.n);
  const unexpected = t.count((x) => x.status !== 200 && x.status !== 409);
  const verdict = n === 1 && unexpected === 0 ? "PASS" : "FAIL";
  return [
    `${label}: ${SETTINGS.accepts} accepts of one application's ${offers.length} offers`,
    t.answers.length,
    t.summary(),
    t.bad(),
    `acceptances 0 -> ${n}`,
    n === 0 ? 1 : 0,
    Math.max(0, n - 1),
    verdict,
  ];
}

let adminClient: Client | null = null;
async function adminSignIn(a: AppServer) {
  if (adminClient) return adminClient;
  const { createAdmin, signInAdmin } = await import("./lib/fixtures");
  const admin = await createAdmin();
  adminClient = await signInAdmin(new Client(a.origin, nextIp()), admin);
  return adminClient;
}

async function statusChanges(label: string, a: AppServer, b: AppServer, writer: GaleraNode): Promise<CaseRow> {
  const t = new Tally();
  const admin = await adminSignIn(a);
  const apps = await q<{ id: number }>(
    writer,
    "SELECT id FROM loan_applications WHERE status IN ('submitted', 'under-review', 'approved') ORDER BY id DESC LIMIT 5",
  );
  const ids = apps.map((x) => x.id);
  const eventsBefore = Number(
    (await q<{ n: number }>(writer, "SELECT COUNT(*) AS n FROM application_events WHERE application_id IN (?)", [ids]))[0]!.n,
  );
  const targets = ["under-review", "approved", "submitted", "under-review"];
  await Promise.all(
    Array.from({ length: SETTINGS.statusChanges }, (_, i) =>
      call(t, i % 2 ? b : a, admin, `/api/admin/applications/${ids[i % ids.length]}/status`, {
        method: "PATCH",
        json: { status: targets[Math.floor(i / ids.length) % targets.length], note: "" },
      }),
    ),
  );
  const eventsAfter = Number(
    (await q<{ n: number }>(writer, "SELECT COUNT(*) AS n FROM application_events WHERE application_id IN (?)", [ids]))[0]!.n,
  );
  // Each application's status is the last event's: nothing half-written.
  const mismatched = await q<{ id: number }>(
    writer,
    `SELECT a.id FROM loan_applications a WHERE a.id IN (?) AND a.status <> COALESCE(
       (SELECT e.to_status FROM application_events e WHERE e.application_id = a.id AND e.to_status IS NOT NULL ORDER BY e.id DESC LIMIT 1), a.status)`,
    [ids],
  );
  const unexpected = t.count((x) => x.status !== 200);
  const verdict = t.bad() === 0 && mismatched.length === 0 && unexpected === 0 ? "PASS" : "FAIL";
  return [
    `${label}: ${SETTINGS.statusChanges} admin status changes of ${ids.length} applications`,
    t.answers.length,
    t.summary(),
    t.bad(),
    `events ${eventsBefore} -> ${eventsAfter}`,
    mismatched.length,
    0,
    verdict,
  ];
}

/** A sign-up through one server, then at once a signed-in read through the other (another node in the two-writer set-up). */
async function readYourWrites(label: string, a: AppServer, b: AppServer): Promise<CaseRow> {
  const t = new Tally();
  let stale = 0;
  const n = 60;
  for (let i = 0; i < n; i++) {
    const client = new Client(a.origin, nextIp());
    const res = await call(t, i % 2 ? b : a, client, "/api/auth/register", { json: signUpBody(unique("galera-read")) });
    if (res?.status !== 201) continue;
    // The dashboard: 200 for a session the server finds, a redirect to /login for one it does not.
    const read = await call(t, i % 2 ? a : b, client, "/dashboard");
    if (read?.status !== 200) stale++;
  }
  return [
    `${label}: ${n} sign-ups, each followed at once by the dashboard through the other server (stale = "lost")`,
    t.answers.length,
    t.summary(),
    t.bad(),
    "",
    stale,
    0,
    stale === 0 && t.bad() === 0 ? "PASS" : "FAIL",
  ];
}

// ---------- under load: kill and restart the writer ----------
async function killUnderLoad(a: AppServer, b: AppServer, cluster: GaleraCluster): Promise<CaseRow[]> {
  const [n1, n2] = cluster.nodes as [GaleraNode, GaleraNode, GaleraNode];
  const t = new Tally();
  const signedUp: string[] = [];
  const signUp503: string[] = [];
  const submitted: string[] = [];
  const submit503: string[] = [];
  const before = await rowCounts(n2);
  const started = Date.now();
  const until = started + SETTINGS.loadSeconds * 1000;
  let stop = false;
  const timeline: string[] = [];
  const mark = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);

  const worker = async (w: number) => {
    for (let i = 0; !stop && Date.now() < until && t.answers.length < SETTINGS.maxRequests; i++) {
      const server = (w + i) % 2 ? b : a;
      if (i % 2 === 0) {
        const email = unique("galera-load");
        const res = await call(t, server, new Client(server.origin, nextIp()), "/api/auth/register", { json: signUpBody(email) });
        if (res?.status === 201) signedUp.push(email);
        else if (res?.status === 503) signUp503.push(email);
      } else {
        const email = unique("galera-load-wizard");
        const client = new Client(server.origin, nextIp());
        if (!(await wizardUpTo(t, [server], client, email, "IL"))) continue;
        const res = await review(t, server, client);
        if (res?.status === 302 && res.headers.get("location") === "/apply/submitted") submitted.push(email);
        else if (res?.status === 503) submit503.push(email);
      }
      // A 503 says when to come back: a client that honours Retry-After waits (bounded here).
      const last = t.answers[t.answers.length - 1];
      if (last?.status === 503) await sleep(1000);
    }
  };
  const load = Promise.all(Array.from({ length: SETTINGS.loadWorkers }, (_, w) => worker(w)));
  const chaos = (async () => {
    await sleep(8_000);
    mark("SIGKILL node1 (the writer)");
    await n1.kill();
    await sleep(10_000);
    mark("restarting node1");
    await n1.start();
    mark("node1 Synced again");
  })();
  await chaos;
  await sleep(5_000);
  stop = true;
  await load;
  mark(`load stopped (${t.answers.length} requests)`);

  const after = await rowCounts(n2);
  const accounts = await accountsOf(n2, [...signedUp, ...signUp503]);
  const lostSignUps = signedUp.filter((e) => !accounts.has(e)).length;
  const half = [...accounts.values()].filter((x) => x.tokens < 1 || x.mails < 1).length;
  const apps = await applicationsOf(n2, [...submitted, ...submit503]);
  const lostSubmits = submitted.filter((e) => (apps.get(e) ?? 0) < 1).length;
  const dupSubmits = [...apps.values()].filter((n) => n > 1).length;
  const no503RetryAfter = t.count((x) => x.status === 503 && !x.retryAfter);
  const verdict =
    t.bad() === 0 && no503RetryAfter === 0 && lostSignUps === 0 && lostSubmits === 0 && dupSubmits === 0 && half === 0 ? "PASS" : "FAIL";
  note(`\nKill under load, timeline: ${timeline.join("; ")}`);
  const badPaths = new Map<string, number>();
  for (const x of t.badOnes()) badPaths.set(`${x.status} ${x.path}`, (badPaths.get(`${x.status} ${x.path}`) ?? 0) + 1);
  note(`Answers that were neither done, 409 nor 503 with Retry-After: ${[...badPaths].map(([k, n]) => `${k} x${n}`).join(", ") || "none"}`);
  const switches = (s: AppServer) =>
    s
      .log()
      .split("\n")
      .filter((l) => l.includes("[db] now writing to"))
      .map((l) => l.replace(/^.*\[db\] /, ""))
      .join(", ") || "none";
  note(`Writer changes in the servers' logs: ${a.name}: ${switches(a)}; ${b.name}: ${switches(b)}`);
  return [
    [
      `kill + restart the writer under load (${SETTINGS.loadWorkers} workers, ${SETTINGS.loadSeconds} s max): sign-ups ${signedUp.length} done / ${signUp503.length} answered 503; submissions ${submitted.length} done / ${submit503.length} answered 503`,
      t.answers.length,
      t.summary(),
      t.bad(),
      `users ${before.users} -> ${after.users}, applications ${before.loan_applications} -> ${after.loan_applications}`,
      lostSignUps + lostSubmits,
      dupSubmits,
      `${verdict}${half ? ` (${half} half-written accounts)` : ""}${no503RetryAfter ? ` (${no503RetryAfter} 503 without Retry-After)` : ""}`,
    ],
  ];
}

// ---------- isolation ----------
async function isolation(cluster: GaleraCluster): Promise<CaseRow> {
  const n3 = cluster.nodes[2]!;
  const pinned = await startServer("pinned-n3", `mysql://root@127.0.0.1:${n3.port}/${DB}`, { MIGRATE_ON_START: "0" });
  const t = new Tally();
  const probes = new Tally();
  const ready = async () => (await call(probes, pinned, new Client(pinned.origin), "/readyz"))?.status ?? 0;
  const before = await ready();
  const startedAt = Date.now();
  await n3.isolate();
  let during = 0;
  while (Date.now() - startedAt < 30_000) {
    during = await ready();
    if (during === 503) break;
    await sleep(250);
  }
  const detectedMs = Date.now() - startedAt;
  const c = await n3.connect();
  const select1 = await c.query("SELECT 1").then(
    () => "answers",
    (e: { code?: string }) => e.code ?? "error",
  );
  const real = await c.query(`SELECT COUNT(*) FROM \`${DB}\`.users`).then(
    () => "answers",
    (e: { errno?: number }) => `error ${e.errno}`,
  );
  await c.end().catch(() => {});
  const page = await call(t, pinned, new Client(pinned.origin, nextIp()), "/api/auth/login", {
    json: { email: "nobody@example.com", password: "x" },
  });
  const pageStatus = `${page?.status}${page?.headers.has("retry-after") ? " with Retry-After" : ""}`;
  await n3.rejoin();
  let afterStatus = 0;
  const rejoinedAt = Date.now();
  while (Date.now() - rejoinedAt < 30_000) {
    afterStatus = await ready();
    if (afterStatus === 200) break;
    await sleep(250);
  }
  await pinned.stop();
  const verdict = before === 200 && during === 503 && afterStatus === 200 && page?.status === 503 ? "PASS" : "FAIL";
  return [
    `node3 isolated (gmcast.isolate=1), server pinned to it: /readyz ${before} -> ${during} after ${(detectedMs / 1000).toFixed(1)} s -> ${afterStatus} after rejoin (${probes.answers.length} probes); SELECT 1 ${select1}, a real query: ${real}; a sign-in: ${pageStatus}`,
    t.answers.length,
    t.summary(),
    t.bad(),
    "",
    0,
    0,
    verdict,
  ];
}

// ---------- main ----------
async function main() {
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`missing: ${missing.join("; ")}`);
  if (!fs.existsSync(path.join(ROOT, BUILD_DIR, "index.js")))
    throw new Error(`no build in ${BUILD_DIR}/: run \`BUILD_DIR=${BUILD_DIR} npx remix build\``);
  const commit = (() => {
    try {
      return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" }).trim();
    } catch {
      return "unknown";
    }
  })();
  note(
    `Galera run of ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  note(`Settings: ${JSON.stringify(SETTINGS)}`);

  let t0 = Date.now();
  const cluster = await startGaleraCluster();
  const [n1, n2, n3] = cluster.nodes as [GaleraNode, GaleraNode, GaleraNode];
  const version = (await n1.status()).wsrep_provider_version;
  const mariadb = (await q0(n1, "SELECT VERSION() AS v"))[0]!.v;
  note(
    `Cluster: 3 nodes on 127.0.0.1 (SQL ports ${cluster.nodes.map((n) => n.port).join(", ")}), MariaDB ${mariadb}, Galera ${version}, rsync state transfer; up and Synced in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  try {
    // Both the app and this script see the cluster as the same ordered list.
    process.env.DATABASE_URL = hostList([n1, n2, n3]);
    Object.assign(process.env, SECRETS, { DATA_DIR, COOKIE_SECURE: "false", NODE_ENV: "test" });

    const rows: CaseRow[] = [];
    // 2. Start-up race through two nodes on an empty database.
    t0 = Date.now();
    const startup = await Promise.allSettled([startServer("a", hostList([n1, n2, n3])), startServer("b", hostList([n2, n3, n1]))]);
    const up = startup.filter((s) => s.status === "fulfilled").length;
    const applied = Number((await q<{ n: number }>(n3, "SELECT COUNT(*) AS n FROM __drizzle_migrations"))[0]!.n);
    const files = fs.readdirSync(path.join(ROOT, "db/migrations")).filter((f) => f.endsWith(".sql")).length;
    rows.push([
      `start-up race: server A (writes to node1) and B (node2) start together on an empty database`,
      2,
      `${up} of 2 came up in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
      2 - up,
      "-",
      `migrations 0 -> ${applied} (of ${files})`,
      files - applied,
      Math.max(0, applied - files),
      up === 2 && applied === files ? "PASS" : "FAIL",
    ]);
    if (up < 2) {
      for (const s of startup) if (s.status === "rejected") note(String(s.reason).slice(0, 1500));
      throw new Error("a server did not start");
    }
    const [a, b] = startup.map((s) => (s as PromiseFulfilledResult<AppServer>).value) as [AppServer, AppServer];

    // 3. Two writers: each server writes to its own node. Not the supported set-up (docs/deploy.md:
    // writes go to one node at a time), shown for comparison: hot rows written through two nodes
    // (the same client's throttle counter, one application's acceptance) meet certification
    // failures outside any retried transaction. Its failures do not fail the run.
    const twoWriters = [
      await logged(() => readYourWrites("two writers", a, b)),
      await logged(() => signUps("two writers", a, b, n1)),
      await logged(() => submissions("two writers", a, b, n1)),
      await logged(() => accepts("two writers", a, b, n1)),
      await logged(() => statusChanges("two writers", a, b, n1)),
    ];
    for (const r of twoWriters) if (String(r[8]).startsWith("FAIL")) r[8] = `unsupported set-up, ${String(r[8])}`;
    rows.push(...twoWriters);

    // 4. One writer: B restarted with the same list as A.
    await b.stop();
    const b1 = await startServer("b-one-writer", hostList([n1, n2, n3]));
    rows.push(await logged(() => readYourWrites("one writer", a, b1)));
    rows.push(await logged(() => signUps("one writer", a, b1, n1)));
    rows.push(await logged(() => submissions("one writer", a, b1, n1)));
    rows.push(await logged(() => accepts("one writer", a, b1, n1)));
    rows.push(await logged(() => statusChanges("one writer", a, b1, n1)));

    // 5. Kill and restart the writer under load.
    {
      const mark = logMark();
      const [row] = await killUnderLoad(a, b1, cluster);
      rows.push(withCauses(row!, causes(mark)));
    }

    // 6. Isolation.
    rows.push(await logged(() => isolation(cluster)));
    await Promise.all([a.stop(), b1.stop()]);

    table("Cases", CASE_HEAD, rows);

    // 7. Every node holds the same rows.
    // A node that rejoined (the isolated one) may still be applying the last write sets: compare
    // again for up to 20 s before calling the nodes different, and name the tables that differ.
    let counts = await Promise.all(cluster.nodes.map((n) => rowCounts(n)));
    let sums = await Promise.all(cluster.nodes.map((n) => checksums(n)));
    for (let i = 0; i < 20 && !sums.every((s) => s === sums[0]); i++) {
      await new Promise((r) => setTimeout(r, 1000));
      counts = await Promise.all(cluster.nodes.map((n) => rowCounts(n)));
      sums = await Promise.all(cluster.nodes.map((n) => checksums(n)));
    }
    if (!sums.every((s) => s === sums[0])) {
      const byNode = sums.map((s) => new Set(s.split(" ")));
      const differing = sums[0]!.split(" ").filter((entry) => byNode.some((set) => !set.has(entry)));
      note(`Tables whose checksum differs between nodes: ${differing.map((e) => e.split("=")[0]).join(", ")}`);
    }
    table(
      "Rows on each node at the end",
      ["table", ...cluster.nodes.map((n) => n.name)],
      TABLES.map((t) => [t, ...counts.map((c) => c[t]!)]),
    );
    const same = sums.every((s) => s === sums[0]);
    note(`Table checksums of stored values (all but sessions) identical on the three nodes: ${same ? "yes" : "NO"}`);
    const failed = rows.filter((r) => String(r[8]).startsWith("FAIL")).length;
    const supported = rows.length - twoWriters.length;
    note(
      `${supported - failed} of ${supported} cases of the supported set-up PASS (the ${twoWriters.length} two-writer cases are shown for comparison).`,
    );
    void n3;
    if (process.env.GALERA_MD) fs.writeFileSync(process.env.GALERA_MD, md.join("\n") + "\n");
    process.exitCode = failed ? 1 : 0;
  } finally {
    for (const s of [...servers]) await s.stop().catch(() => {});
    const { closeDb } = await import("~/platform/db/db.server").catch(() => ({ closeDb: async () => {} }));
    await closeDb().catch(() => {});
    if (process.env.GALERA_KEEP === "1") note(`Kept: ${cluster.dir}`);
    await cluster.destroy();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  }
}

async function q0(node: GaleraNode, sql: string) {
  const c = await node.connect();
  try {
    const [rows] = await c.query(sql);
    return rows as Array<{ v: string }>;
  } finally {
    await c.end().catch(() => {});
  }
}

for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    for (const s of servers) s.child.kill("SIGKILL");
    process.exit(130);
  });
}

main().catch((e: unknown) => {
  console.error(`[galera] ${(e as Error).stack ?? e}`);
  for (const s of servers) s.child.kill("SIGKILL");
  process.exit(1);
});
