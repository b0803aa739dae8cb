/**
 * Multipart part headers, made safe for Remix's parser. Remix's multipart
 * parser splits Content-Disposition on every `;` and `=`, so a file named `Q1=final.pdf` or
 * `a;b.pdf` (quoted, as browsers send it) was refused. This stream transform parses each part's
 * Content-Disposition properly (RFC 7578 / RFC 6266 quoted strings, backslash escapes, `filename*`)
 * and re-emits it with `name` and `filename` percent-encoded, which that parser reads as is;
 * `decodePartValue` gives the real value back. Only part headers are held in memory (at most
 * MAX_HEADER_BYTES each); part bodies stream through untouched.
 */
const MAX_HEADER_BYTES = 16 * 1024;
const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

export class MultipartHeaderError extends Error {}

/** The boundary parameter of a multipart Content-Type, or null. */
export function multipartBoundary(contentType: string): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType);
  return m ? (m[1] ?? m[2] ?? null) : null;
}

/** Parses `form-data; name="x"; filename="a;b=c.pdf"` into its parameters (keys lower-cased). */
export function parseContentDisposition(value: string): { type: string; params: Record<string, string> } {
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  let i = value.indexOf(";");
  const type = (i === -1 ? value : value.slice(0, i)).trim().toLowerCase();
  if (i === -1) return { type, params };
  const n = value.length;
  while (i < n) {
    while (i < n && (value[i] === ";" || value[i] === " " || value[i] === "\t")) i++;
    const eq = value.indexOf("=", i);
    if (eq === -1) break;
    const key = value.slice(i, eq).trim().toLowerCase();
    i = eq + 1;
    while (i < n && (value[i] === " " || value[i] === "\t")) i++;
    let v = "";
    if (value[i] === '"') {
      i++;
      while (i < n && value[i] !== '"') {
        if (value[i] === "\\" && i + 1 < n) i++;
        v += value[i];
        i++;
      }
      i++; // closing quote
      while (i < n && value[i] !== ";") i++;
    } else {
      const end = value.indexOf(";", i);
      v = (end === -1 ? value.slice(i) : value.slice(i, end)).trim();
      i = end === -1 ? n : end;
    }
    if (key && !(key in params)) params[key] = v;
  }
  // RFC 5987 extended value (filename*=UTF-8''...), preferred when present.
  const ext = params["filename*"];
  if (ext !== undefined) {
    const m = /^utf-8'[^']*'(.*)$/i.exec(ext);
    if (m) {
      try {
        params.filename = decodeURIComponent(m[1]!);
      } catch {
        // keep the plain filename
      }
    }
  }
  return { type, params };
}

/** The real value of a part's name or file name after normalizeMultipartHeaders. */
export function decodePartValue(v: string) {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

function rewriteHeaderBlock(block: string) {
  return block
    .split("\r\n")
    .map((line) => {
      const colon = line.indexOf(":");
      if (colon === -1 || line.slice(0, colon).trim().toLowerCase() !== "content-disposition") return line;
      const { type, params } = parseContentDisposition(line.slice(colon + 1));
      const out = [type];
      if (params.name !== undefined) out.push(`name="${encodeURIComponent(params.name)}"`);
      // Browsers send a `"` in a file name as %22 (HTML's form encoding): turn it back into the quote.
      if (params.filename !== undefined) out.push(`filename="${encodeURIComponent(params.filename.replace(/%22/g, '"'))}"`);
      return `Content-Disposition: ${out.join("; ")}`;
    })
    .join("\r\n");
}

/**
 * Rewrites every part's Content-Disposition of a multipart body stream (see the file comment).
 * Streams: part bodies pass through as they come; a header block over MAX_HEADER_BYTES errors
 * the stream with `tooLarge()`.
 */
export function normalizeMultipartHeaders(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  tooLarge: () => Error = () => new MultipartHeaderError("malformed multipart-form data: part headers too large"),
): ReadableStream<Uint8Array> {
  // A CRLF is put in front, so the first delimiter looks like every other one (the parser takes
  // anything before the first delimiter as preamble).
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const reader = body.getReader();
  let pending: Buffer = Buffer.from(CRLF);
  let mode: "body" | "headers" | "done" = "body";
  let ended = false;

  /** Moves what can be decided from `pending` to `out`; returns false when more input is needed. */
  function step(out: Buffer[]): boolean {
    if (mode === "done") {
      if (pending.length) out.push(pending);
      pending = Buffer.alloc(0);
      return false;
    }
    if (mode === "body") {
      const at = pending.indexOf(delimiter);
      if (at === -1) {
        const keep = Math.min(pending.length, delimiter.length - 1);
        if (pending.length > keep) out.push(pending.subarray(0, pending.length - keep));
        pending = pending.subarray(pending.length - keep);
        return false;
      }
      out.push(pending.subarray(0, at + delimiter.length));
      pending = pending.subarray(at + delimiter.length);
      mode = "headers";
      return true;
    }
    // headers: "--" ends the body; otherwise CRLF, header lines, and an empty line.
    if (pending.length < 2) return false;
    if (pending[0] === 0x2d && pending[1] === 0x2d) {
      mode = "done";
      return true;
    }
    const end = pending.indexOf(HEADER_END);
    if (end === -1) {
      if (pending.length > MAX_HEADER_BYTES) throw tooLarge();
      return false;
    }
    out.push(Buffer.from(`${rewriteHeaderBlock(pending.subarray(0, end).toString("utf8"))}\r\n\r\n`, "utf8"));
    pending = pending.subarray(end + HEADER_END.length);
    mode = "body";
    return true;
  }

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const out: Buffer[] = [];
        try {
          while (step(out));
        } catch (e) {
          controller.error(e);
          return;
        }
        if (out.length) {
          for (const b of out) controller.enqueue(new Uint8Array(b));
          return;
        }
        if (ended) {
          if (pending.length) controller.enqueue(new Uint8Array(pending));
          pending = Buffer.alloc(0);
          controller.close();
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          mode = "done";
        } else {
          pending = pending.length ? Buffer.concat([pending, Buffer.from(value)]) : Buffer.from(value);
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
