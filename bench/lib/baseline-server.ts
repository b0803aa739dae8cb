/**
 * The physical limit: a bare Node `http` server answering each bench page with the exact status,
 * content type, Location and bytes the app sent for it (captured from the app in the same run).
 * Run as its own process, like the app server:
 *   node --import tsx bench/lib/baseline-server.ts   with BASELINE_FILE (JSON, see CapturedAnswer), PORT
 */
import fs from "node:fs";
import http from "node:http";

/** One answer per "METHOD path?query"; the body in base64. */
export type CapturedAnswer = { status: number; headers: Record<string, string>; body: string };

const answers = new Map(
  Object.entries(JSON.parse(fs.readFileSync(process.env.BASELINE_FILE!, "utf8")) as Record<string, CapturedAnswer>).map(([key, a]) => {
    const body = Buffer.from(a.body, "base64");
    return [key, { status: a.status, headers: { ...a.headers, "content-length": String(body.length) }, body }];
  }),
);

http
  .createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    req.resume();
    const a = answers.get(`${req.method} ${req.url}`);
    if (!a) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not captured");
      return;
    }
    res.writeHead(a.status, a.headers);
    res.end(a.body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
