/**
 * The throughput baseline: a bare Node `http` server answering every request with the bytes of
 * the app's landing page (captured from the app in the same run). Run as its own process, like
 * the app server: `node --import tsx bench/lib/baseline-server.ts` with BASELINE_FILE, PORT.
 */
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.env.BASELINE_FILE!);
const contentType = process.env.BASELINE_CONTENT_TYPE || "text/html; charset=utf-8";

http
  .createServer((req, res) => {
    if (req.url === "/healthz") {
      res.writeHead(200, { "content-type": "text/plain" }).end("ok");
      return;
    }
    req.resume();
    res.writeHead(200, { "content-type": contentType, "content-length": body.length });
    res.end(body);
  })
  .listen(Number(process.env.PORT), "127.0.0.1");
