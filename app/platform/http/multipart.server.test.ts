import { describe, expect, it } from "vitest";
import { MAX_PART_HEADER_BYTES, parseMultipartStream, PartHeaderTooLargeError, type MultipartPart } from "./multipart.server";

const BOUNDARY = "----unitboundary";
const CT = `multipart/form-data; boundary=${BOUNDARY}`;

function streamOf(chunks: Array<string | Buffer>, opts: { failAtEnd?: Error } = {}) {
  const bufs = chunks.map((c) => (typeof c === "string" ? Buffer.from(c, "utf8") : c));
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < bufs.length) controller.enqueue(new Uint8Array(bufs[i++]!));
      else if (opts.failAtEnd) controller.error(opts.failAtEnd);
      else controller.close();
    },
  });
}

const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (disposition: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`;
const END = `\r\n--${BOUNDARY}--\r\n`;

type Seen = { kind: string; name: string; value?: string; filename?: string; bytes?: number };
async function collect(body: ReadableStream<Uint8Array>) {
  const seen: Seen[] = [];
  await parseMultipartStream(
    body,
    CT,
    async (p: MultipartPart) => {
      if (p.kind === "field") return void seen.push({ kind: p.kind, name: p.name, value: p.value });
      let bytes = 0;
      for await (const c of p.data) bytes += c.byteLength;
      seen.push({ kind: p.kind, name: p.name, filename: p.filename, bytes });
    },
    { maxFieldBytes: 1024 },
  );
  return seen;
}

describe("parseMultipartStream", () => {
  it("hands the parts over in order, with names holding ; = and quotes as they were named", async () => {
    const data = Buffer.alloc(200_000, 7);
    const seen = await collect(
      streamOf([
        field("documentType", "ein"),
        fileHead(`name="file"; filename="Q1=final;v2 \\"x\\".pdf"`),
        data.subarray(0, 1000),
        data.subarray(1000),
        END,
      ]),
    );
    expect(seen).toEqual([
      { kind: "field", name: "documentType", value: "ein" },
      { kind: "file", name: "file", filename: 'Q1=final;v2 "x".pdf', bytes: data.length },
    ]);
  });

  it("reads a browser's %22 as a quote, filename* and UTF-8 names", async () => {
    const seen = await collect(
      streamOf([
        fileHead(`name="a"; filename="quote%22d.pdf"`),
        "x",
        `\r\n`,
        fileHead(`name="b"; filename="plain.pdf"; filename*=UTF-8''%C3%A9t%C3%A9.pdf`),
        "y",
        `\r\n`,
        fileHead(`name="c"; filename="Résumé.pdf"`),
        "z",
        END,
      ]),
    );
    expect(seen.map((s) => s.filename)).toEqual(['quote"d.pdf', "été.pdf", "Résumé.pdf"]);
  });

  it("refuses a part header longer than the limit", async () => {
    const body = streamOf([
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="x`,
      ...Array.from({ length: 8 }, () => "a".repeat(4096)),
    ]);
    await expect(collect(body)).rejects.toBeInstanceOf(PartHeaderTooLargeError);
    expect(MAX_PART_HEADER_BYTES).toBe(16 * 1024);
  });

  it("marks a text field over the limit as truncated", async () => {
    const parts: MultipartPart[] = [];
    await parseMultipartStream(streamOf([field("long", "a".repeat(2000)), END.slice(2)]), CT, async (p) => void parts.push(p), {
      maxFieldBytes: 1024,
    });
    expect(parts[0]).toMatchObject({ kind: "field", name: "long", truncated: true });
  });

  it("fails the file being read, and the whole parse, when the body is cut off", async () => {
    let consumerSaw: unknown = null;
    const cut = new Error("client went away");
    const run = parseMultipartStream(
      streamOf([fileHead(`name="file"; filename="a.pdf"`), Buffer.alloc(5000, 1)], { failAtEnd: cut }),
      CT,
      async (p) => {
        if (p.kind !== "file") return;
        try {
          for await (const _ of p.data) void _;
        } catch (e) {
          consumerSaw = e;
          throw e;
        }
      },
      { maxFieldBytes: 1024 },
    );
    await expect(run).rejects.toBe(cut);
    expect(consumerSaw).toBe(cut);
  });

  it("fails when the body ends before the closing boundary", async () => {
    await expect(collect(streamOf([fileHead(`name="file"; filename="a.pdf"`), "abc"]))).rejects.toThrow(/unexpected end/i);
  });

  it("stops at the callback's failure without reading the rest", async () => {
    let pulled = 0;
    let i = 0;
    const chunks = [field("a", "1"), field("b", "2"), ...Array.from({ length: 50 }, () => field("c", "3"))];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        if (i < chunks.length) controller.enqueue(new Uint8Array(Buffer.from(chunks[i++]!)));
        else controller.close();
      },
    });
    const refused = new Error("refused");
    await expect(
      parseMultipartStream(
        body,
        CT,
        async (p) => {
          if (p.kind === "field" && p.name === "b") throw refused;
        },
        { maxFieldBytes: 1024 },
      ),
    ).rejects.toBe(refused);
    expect(pulled).toBeLessThan(chunks.length);
  });
});

describe("parseMultipartStream failures nobody reads", () => {
  it("does not raise an unhandled error for a file part its callback never read", async () => {
    const run = parseMultipartStream(streamOf([fileHead(`name="file"; filename="a.pdf"`), "abc"]), CT, async () => {}, {
      maxFieldBytes: 1024,
    });
    await expect(run).rejects.toThrow(/unexpected end/i);
  });
});
