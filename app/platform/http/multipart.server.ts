/**
 * Streaming multipart/form-data parsing on `busboy`, for uploads. Busboy parses each part's
 * Content-Disposition properly (RFC 7578 quoted strings with backslash escapes, `;` and `=` inside
 * them, RFC 5987 `filename*`), so a file named `Q1=final.pdf` or `a;b.pdf` arrives as it was
 * named, and it streams: a part's body is handed on chunk by chunk, never held whole.
 *
 * What this adapter adds to busboy: it reads a Web `ReadableStream` (what Remix gives) with
 * backpressure, hands the parts to one async callback IN ORDER (the next part waits until the
 * callback of the one before has finished), and on any failure (the callback's, busboy's or the
 * body's) stops reading, destroys the part being read (so its consumer sees the error and nothing
 * half-written is kept) and rejects with that failure. It never cancels the body: cancelling
 * would destroy the socket before an error answer could be sent.
 */
import { finished } from "node:stream/promises";
import busboy from "busboy";

/** Busboy's limit on one part's header block (bytes): a longer one is refused. */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

export type MultipartPart =
  | { kind: "field"; name: string; value: string; truncated: boolean }
  /** `filename` is "" for a file input left empty (browsers send it with no name and no bytes). */
  | { kind: "file"; name: string; filename: string; data: AsyncIterable<Uint8Array> };

/** A part header over MAX_PART_HEADER_BYTES. */
export class PartHeaderTooLargeError extends Error {
  constructor() {
    super("malformed multipart-form data: part headers too large");
    this.name = "PartHeaderTooLargeError";
  }
}

/**
 * Parses a multipart/form-data `body`, calling `onPart` for each part in order. Text fields are
 * cut at `maxFieldBytes` (`truncated` says so). Rejects with the first failure; resolves once
 * the body was read to its end and every callback finished.
 */
export async function parseMultipartStream(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  onPart: (part: MultipartPart) => Promise<void>,
  opts: { maxFieldBytes: number },
): Promise<void> {
  // Throws for a Content-Type that is not multipart or has no boundary.
  const bb = busboy({
    headers: { "content-type": contentType },
    // Names as sent (the caller sanitises them), in UTF-8 like browsers send them.
    preservePath: true,
    defParamCharset: "utf8",
    limits: { fieldSize: opts.maxFieldBytes, fieldNameSize: 256 },
  });

  let failure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    if (failure) return;
    failure = { error };
    bb.destroy(error instanceof Error ? error : new Error(String(error)));
  };

  // About the bytes written since the last part header could have begun: tells an over-long
  // header (busboy reports it like any malformed one) from a header with a bad character.
  let sinceHeader = 0;
  let chain = Promise.resolve();
  const enqueue = (part: MultipartPart, stream?: NodeJS.ReadableStream) => {
    sinceHeader = 0;
    chain = chain.then(async () => {
      if (failure) return;
      try {
        await onPart(part);
      } catch (e) {
        fail(e);
      }
      // A file part the callback did not read to its end would hold the parser up.
      if (stream && !failure) stream.resume();
    });
  };
  bb.on("field", (name, value, info) => enqueue({ kind: "field", name, value, truncated: info.valueTruncated }));
  bb.on("file", (name, stream, info) => {
    const filename = info.filename ?? "";
    // Browsers send a `"` in a file name as %22 (HTML's form encoding): turn it back into the quote.
    enqueue({ kind: "file", name, filename: filename.replace(/%22/g, '"'), data: stream }, stream);
    stream.once("end", () => (sinceHeader = 0));
    // Its consumer (if it ever gets to it) sees a failure through its own read; a stream destroyed
    // while queued or after its consumer finished must not raise an unhandled 'error'.
    stream.on("error", () => {});
  });
  bb.on("error", (e: Error) =>
    fail(/malformed part header/i.test(e.message) && sinceHeader >= MAX_PART_HEADER_BYTES ? new PartHeaderTooLargeError() : e),
  );

  const reader = body.getReader();
  const waitDrain = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        bb.off("drain", done);
        bb.off("close", done);
        resolve();
      };
      bb.on("drain", done);
      bb.on("close", done);
    });
  while (!failure) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (e) {
      fail(e);
      break;
    }
    if (next.done) {
      bb.end();
      break;
    }
    sinceHeader += next.value.byteLength;
    if (!bb.write(next.value) && !failure) await waitDrain();
  }
  await Promise.all([finished(bb).catch((e: unknown) => fail(e)), chain]);
  await chain; // parts queued while the first wait ran
  if (failure) throw (failure as { error: unknown }).error;
}
