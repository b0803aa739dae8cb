/**
 * The database hosts the app may write to, in order of preference. One host is the usual case
 * (`mysql://user:pass@db:3306/name`). A cluster whose nodes all accept writes (MariaDB Galera) is
 * given as an ordered list, either in the URL (`mysql://user:pass@db1:3306,db2:3306,db3:3306/name`,
 * the multi-host form JDBC and libmysqlclient tools use) or, keeping DATABASE_URL single-host, in
 * DATABASE_HOSTS (`db1:3306,db2:3306,db3:3306`), which then replaces the URL's host. Every app
 * server should get the same list in the same order, so that they all write to the same node.
 */

const PREFIX = "mysql://";

/** The URL split into one single-host URL per host, in the given order. Throws on a malformed list. */
export function databaseTargets(url: string, hosts?: string): string[] {
  if (!url.startsWith(PREFIX)) throw new Error("DATABASE_URL must start with mysql://");
  const rest = url.slice(PREFIX.length);
  // The authority ends at the first "/", "?" or "#"; user info ends at its last "@".
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = end === -1 ? "" : rest.slice(end);
  const at = authority.lastIndexOf("@");
  const userInfo = at === -1 ? "" : authority.slice(0, at + 1);
  const hostList = hosts?.trim() ? hosts : authority.slice(at + 1);
  const list = hostList
    .split(",")
    .map((h) => h.trim())
    .filter(Boolean);
  if (list.length === 0) throw new Error("DATABASE_URL names no host");
  const out = list.map((host) => {
    const single = `${PREFIX}${userInfo}${host}${tail}`;
    let parsed: URL;
    try {
      parsed = new URL(single);
    } catch {
      throw new Error(`database host '${host}' is not host or host:port`);
    }
    if (!parsed.hostname || parsed.username !== new URL(`${PREFIX}${userInfo}x${tail}`).username)
      throw new Error(`database host '${host}' is not host or host:port`);
    return single;
  });
  if (new Set(out).size !== out.length) throw new Error("a database host is listed twice");
  return out;
}

/** "host:port" of a single-host URL, for messages and logs (no user, no password). */
export function hostLabel(url: string) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || "3306"}`;
}
