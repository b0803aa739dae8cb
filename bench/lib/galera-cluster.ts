/**
 * A three-node MariaDB Galera cluster on loopback, from Debian's packages (mariadb-server and
 * galera-4: /usr/sbin/mariadbd, /usr/lib/galera/libgalera_smm.so; rsync for state transfers).
 * Each node has its own data directory, socket and ports under one temporary directory: the SQL
 * port, the group-communication port (gmcast), the incremental state transfer port (IST) and the
 * full state transfer port (SST, rsync). The first node bootstraps the cluster (--wsrep-new-cluster),
 * the others join it by full state transfer. Nothing listens on anything but 127.0.0.1.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { freePort } from "../../tests/support/processes";

export const MARIADBD = "/usr/sbin/mariadbd";
export const GALERA = "/usr/lib/galera/libgalera_smm.so";
const INSTALL_DB =
  ["/usr/bin/mariadb-install-db", "/usr/bin/mysql_install_db"].find((p) => fs.existsSync(p)) ?? "/usr/bin/mariadb-install-db";

/** What the script needs from the machine, with the Debian package that provides each. */
export function missingPrerequisites(): string[] {
  const missing: string[] = [];
  if (!fs.existsSync(MARIADBD)) missing.push(`${MARIADBD} (apt-get install -y mariadb-server)`);
  if (!fs.existsSync(GALERA)) missing.push(`${GALERA} (apt-get install -y galera-4)`);
  if (!fs.existsSync(INSTALL_DB)) missing.push(`${INSTALL_DB} (apt-get install -y mariadb-server)`);
  if (spawnSync("sh", ["-c", "command -v rsync && command -v wsrep_sst_rsync"]).status !== 0)
    missing.push("rsync and wsrep_sst_rsync (apt-get install -y rsync mariadb-server)");
  return missing;
}

export type GaleraNode = {
  name: string;
  /** SQL port on 127.0.0.1. */
  port: number;
  gmcastPort: number;
  url: string;
  pid(): number | undefined;
  running(): boolean;
  /** Starts the node (joins the cluster; `bootstrap` starts a new one) and waits until it is Synced. */
  start(opts?: { bootstrap?: boolean; timeoutMs?: number }): Promise<void>;
  /** SIGKILL: the process dies, its peers see its connections drop. */
  kill(): Promise<void>;
  /** Clean shutdown (SIGTERM). */
  stop(): Promise<void>;
  /** Cuts the node off from the cluster (gmcast.isolate=1): it keeps answering SQL but is non-primary. */
  isolate(): Promise<void>;
  /** Reconnects an isolated node (gmcast.isolate=0) and waits until it is Synced again. */
  rejoin(timeoutMs?: number): Promise<void>;
  /** wsrep status of the node: state comment, ready, cluster size and status. */
  status(): Promise<Record<string, string>>;
  connect(database?: string): Promise<mysql.Connection>;
  errorLog(): string;
};

export type GaleraCluster = { dir: string; nodes: GaleraNode[]; destroy(): Promise<void> };

function userIds(name: string): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(":");
  return { uid: Number(uid), gid: Number(gid) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startGaleraCluster(opts: { size?: number; name?: string } = {}): Promise<GaleraCluster> {
  const size = opts.size ?? 3;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-galera-"));
  const ports = await Promise.all(
    Array.from({ length: size }, async () => ({
      sql: await freePort(),
      gmcast: await freePort(),
      ist: await freePort(),
      sst: await freePort(),
    })),
  );
  const clusterAddress = `gcomm://${ports.map((p) => `127.0.0.1:${p.gmcast}`).join(",")}`;
  // As root, the nodes run as Debian's `mysql` user: the rsync daemon of a state transfer, started
  // by the joining node, would otherwise drop to `nobody` and could not write its data directory.
  const asRoot = process.getuid?.() === 0;
  const mysqlUser = asRoot ? userIds("mysql") : null;
  const userArgs = asRoot ? [mysqlUser ? "--user=mysql" : "--user=root"] : [];
  if (mysqlUser) fs.chownSync(dir, mysqlUser.uid, mysqlUser.gid);
  const children = new Set<ChildProcess>();
  const reap = () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  };
  process.once("exit", reap);

  const nodes: GaleraNode[] = ports.map((p, i) => {
    const name = `node${i + 1}`;
    const home = path.join(dir, name);
    const datadir = path.join(home, "data");
    fs.mkdirSync(home, { recursive: true });
    if (mysqlUser) fs.chownSync(home, mysqlUser.uid, mysqlUser.gid);
    const errLog = path.join(home, "error.log");
    const url = `mysql://root@127.0.0.1:${p.sql}`;
    let child: ChildProcess | undefined;
    const args = () => [
      "--no-defaults",
      `--datadir=${datadir}`,
      `--socket=${path.join(home, "mysqld.sock")}`,
      `--pid-file=${path.join(home, "mysqld.pid")}`,
      `--log-error=${errLog}`,
      `--port=${p.sql}`,
      "--bind-address=127.0.0.1",
      "--skip-name-resolve",
      // Small and fast, as the tests' throwaway MariaDB (tests/support/mariadb.ts); Galera needs
      // row-based binlog format and interleaved auto-increment locks.
      "--innodb-buffer-pool-size=64M",
      "--innodb-log-file-size=16M",
      "--innodb-flush-log-at-trx-commit=2",
      "--innodb-doublewrite=0",
      "--binlog-format=ROW",
      "--innodb-autoinc-lock-mode=2",
      "--default-storage-engine=InnoDB",
      "--max-connections=300",
      "--wsrep-on=ON",
      `--wsrep-provider=${GALERA}`,
      `--wsrep-cluster-name=${opts.name ?? "lm_bench"}`,
      `--wsrep-cluster-address=${clusterAddress}`,
      `--wsrep-node-name=${name}`,
      `--wsrep-node-address=127.0.0.1:${p.gmcast}`,
      `--wsrep-node-incoming-address=127.0.0.1:${p.sql}`,
      `--wsrep-provider-options=base_host=127.0.0.1;base_port=${p.gmcast};gmcast.listen_addr=tcp://127.0.0.1:${p.gmcast};ist.recv_addr=127.0.0.1:${p.ist};gcache.size=64M`,
      "--wsrep-sst-method=rsync",
      `--wsrep-sst-receive-address=127.0.0.1:${p.sst}`,
      "--wsrep-slave-threads=2",
      ...userArgs,
    ];

    async function connect(database?: string) {
      const c = await mysql.createConnection({ uri: database ? `${url}/${database}` : url, connectTimeout: 3000 });
      (c as unknown as { connection: import("node:events").EventEmitter }).connection.on("error", () => {});
      return c;
    }
    async function status() {
      const c = await connect();
      try {
        const [rows] = (await c.query("SHOW GLOBAL STATUS LIKE 'wsrep_%'")) as unknown as [Array<{ Variable_name: string; Value: string }>];
        return Object.fromEntries(rows.map((r) => [r.Variable_name, String(r.Value)]));
      } finally {
        await c.end().catch(() => {});
      }
    }
    async function waitSynced(timeoutMs: number) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        if (child && (child.exitCode !== null || child.signalCode !== null))
          throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${errorLog().slice(-2000)}`);
        const s = await status().catch(() => null);
        if (s && s.wsrep_local_state_comment === "Synced" && s.wsrep_ready === "ON" && s.wsrep_cluster_status === "Primary") return;
        if (Date.now() > end)
          throw new Error(`${name} not Synced within ${timeoutMs} ms (${JSON.stringify(s)}):\n${errorLog().slice(-2000)}`);
        await sleep(250);
      }
    }
    function errorLog() {
      return fs.existsSync(errLog) ? fs.readFileSync(errLog, "utf8") : "";
    }
    const node: GaleraNode = {
      name,
      port: p.sql,
      gmcastPort: p.gmcast,
      url,
      pid: () => child?.pid,
      running: () => !!child && child.exitCode === null && child.signalCode === null,
      async start({ bootstrap = false, timeoutMs = 120_000 } = {}) {
        if (node.running()) throw new Error(`${name} is already running`);
        if (!fs.existsSync(path.join(datadir, "mysql"))) {
          const install = spawnSync(
            INSTALL_DB,
            ["--no-defaults", `--datadir=${datadir}`, "--auth-root-authentication-method=normal", "--skip-test-db", ...userArgs],
            { encoding: "utf8", timeout: 120_000 },
          );
          if (install.status !== 0)
            throw new Error(`mariadb-install-db failed for ${name}: ${(install.stderr || install.stdout).slice(-800)}`);
        }
        if (bootstrap) {
          // A node restarted to bootstrap must be marked safe to do so (it was the last one up).
          const grastate = path.join(datadir, "grastate.dat");
          if (fs.existsSync(grastate))
            fs.writeFileSync(grastate, fs.readFileSync(grastate, "utf8").replace(/safe_to_bootstrap: 0/, "safe_to_bootstrap: 1"));
        }
        child = spawn(MARIADBD, [...args(), ...(bootstrap ? ["--wsrep-new-cluster"] : [])], {
          stdio: "ignore",
          // The SST scripts (wsrep_sst_rsync) are looked up on PATH.
          env: { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/bin:/usr/sbin` },
        });
        children.add(child);
        const c = child;
        c.once("exit", () => children.delete(c));
        await waitSynced(timeoutMs);
      },
      async kill() {
        if (!node.running()) return;
        const c = child!;
        const gone = new Promise((r) => c.once("exit", r));
        c.kill("SIGCONT");
        c.kill("SIGKILL");
        await gone;
      },
      async stop() {
        if (!node.running()) return;
        const c = child!;
        const gone = new Promise((r) => c.once("exit", r));
        c.kill("SIGTERM");
        const t = setTimeout(() => c.kill("SIGKILL"), 60_000);
        await gone;
        clearTimeout(t);
      },
      async isolate() {
        const c = await connect();
        try {
          await c.query("SET GLOBAL wsrep_provider_options = 'gmcast.isolate=1'");
        } finally {
          await c.end().catch(() => {});
        }
      },
      async rejoin(timeoutMs = 120_000) {
        const c = await connect();
        try {
          await c.query("SET GLOBAL wsrep_provider_options = 'gmcast.isolate=0'");
        } finally {
          await c.end().catch(() => {});
        }
        await waitSynced(timeoutMs);
      },
      status,
      connect,
      errorLog,
    };
    return node;
  });

  const cluster: GaleraCluster = {
    dir,
    nodes,
    async destroy() {
      await Promise.all(nodes.map((n) => n.kill()));
      process.off("exit", reap);
      // GALERA_KEEP=1 keeps the data directories and error logs for a look afterwards.
      if (process.env.GALERA_KEEP !== "1") fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await nodes[0]!.start({ bootstrap: true });
    // Joiners one at a time: each takes a full state transfer from a donor.
    for (const n of nodes.slice(1)) await n.start();
  } catch (e) {
    await cluster.destroy().catch(() => {});
    throw e;
  }
  return cluster;
}
