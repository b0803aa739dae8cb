/**
 * The Express request handler for Remix that the server entry (app/platform/server/index.ts) mounts: @remix-run/express's, except
 * for the URL. That adapter builds the URL Remix routes on from the Host (or X-Forwarded-Host)
 * header; this one builds it from the public origin (PUBLIC_URL) plus the request's path and query,
 * so no header decides which page or which query is rendered (request-host.server.ts has the rest).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  createReadableStreamFromReadable,
  createRequestHandler as createRemixRequestHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from "@remix-run/node";

/** The bits of Express's request and response used here. */
type ExpressRequest = IncomingMessage & { originalUrl?: string };
type ExpressResponse = ServerResponse & { locals?: Record<string, unknown> };
type Next = (error?: unknown) => void;

function remixHeaders(req: IncomingMessage) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(req.headers)) {
    if (values === undefined) continue;
    if (Array.isArray(values)) for (const v of values) headers.append(key, v);
    else headers.set(key, values);
  }
  return headers;
}

/** The Fetch request Remix gets: the public origin + the request's path and query, its method, headers and body. */
export function createRemixRequest(req: ExpressRequest, res: ServerResponse, publicOrigin: string): Request {
  // Concatenated, not resolved against the origin: a path such as `//other.example/x` stays a path.
  const url = new URL(`${publicOrigin}${req.originalUrl ?? req.url ?? "/"}`);
  let controller: AbortController | null = new AbortController();
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers: remixHeaders(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(req);
    init.duplex = "half";
  }
  // Loaders and actions are aborted when the answer can no longer be written (`close` before `finish`).
  res.on("finish", () => (controller = null));
  res.on("close", () => controller?.abort());
  return new Request(url.href, init);
}

async function sendRemixResponse(res: ServerResponse, response: Response) {
  res.statusMessage = response.statusText;
  res.statusCode = response.status;
  // The answer's own headers replace what the server entry set on every answer (nosniff, HSTS);
  // Set-Cookie is the one header that may come more than once.
  for (const [key, value] of response.headers.entries()) {
    if (key === "set-cookie") res.appendHeader(key, value);
    else res.setHeader(key, value);
  }
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

export function createRequestHandler(opts: {
  build: ServerBuild;
  mode?: string;
  publicOrigin: string;
  getLoadContext?: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext | Promise<AppLoadContext>;
}) {
  const handle = createRemixRequestHandler(opts.build, opts.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: Next) => {
    try {
      const request = createRemixRequest(req, res, opts.publicOrigin);
      const context = await opts.getLoadContext?.(req, res);
      const response = await handle(request, context);
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
