/**
 * A 10 MB upload: a valid 10,000,000-byte PDF streamed (64 KB writes, honouring back-pressure) to
 * POST /api/documents/upload by a signed-in applicant with an application. The server's RSS is
 * read from /proc/<pid>/status every 50 ms; growth = highest RSS during the upload minus RSS just
 * before. A warm-up upload; PARALLEL uploads at once, each paced at 2 MB/s; then RUNS single uploads
 * at full speed (the MB/s figure) and RUNS paced (so the samples follow a 2.5 s stream). Memory
 * counts as flat when the uploads at once grow the server by less than half of what they send: a
 * server holding uploads in memory grows by at least all of it, a streaming one by its buffers and
 * the garbage collector's noise (which alone moves RSS by up to a few 10 MB files' worth, whatever the number of uploads).
 */
import fs from "node:fs";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { samplePdf } from "../tests/fixtures/documents";
import type { BenchContext } from "./lib/context";
import { createApplicant, createApplication, signInApplicant } from "./lib/fixtures";
import { Client } from "./lib/http";
import type { SectionResult } from "./lib/report";
import { mb, median } from "./lib/stats";

const RUNS = 3;
const WARMUPS = 1;
const PARALLEL = Number(process.env.BENCH_UPLOAD_PARALLEL || 20);
/** Each of the uploads at once is paced at this rate (PARALLEL x 2 MB/s stays under what the server takes). */
const PARALLEL_BYTES_PER_SECOND = 2_000_000;
const PACED_BYTES_PER_SECOND = 4_000_000;
export const FILE_BYTES = 10_000_000;
const SAMPLE_MS = 50;

/** A one-page PDF of exactly `size` bytes: the page's text string is padded to length. */
export function pdfOfSize(size: number) {
  let pad = size - samplePdf("").length;
  for (let i = 0; i < 5; i++) {
    const pdf = samplePdf("A".repeat(pad));
    if (pdf.length === size) return pdf;
    pad += size - pdf.length;
  }
  throw new Error("could not size the PDF");
}

export function rssBytes(pid: number) {
  const m = /VmRSS:\s+(\d+)\s+kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(m?.[1] ?? 0) * 1024;
}

type Upload = { status: number; seconds: number; body: string };

/** Streams the multipart body in 64 KB writes; with `bytesPerSecond`, paced like a slow client. */
function streamUpload(origin: string, cookie: string, applicationId: number, file: Buffer, bytesPerSecond?: number): Promise<Upload> {
  const boundary = `----bench${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="applicationId"\r\n\r\n${applicationId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nbank-statements\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL("/api/documents/upload", origin);
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const req = http.request(url, {
      method: "POST",
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + file.length + tail.length,
        cookie,
        origin,
      },
    });
    req.on("error", reject);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          seconds: Number(process.hrtime.bigint() - t0) / 1e9,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    });
    const write = async () => {
      req.write(head);
      const chunk = 64 * 1024;
      const started = Date.now();
      for (let off = 0; off < file.length; off += chunk) {
        if (!req.write(file.subarray(off, off + chunk))) await new Promise((r) => req.once("drain", r));
        if (bytesPerSecond) {
          const due = started + ((off + chunk) / bytesPerSecond) * 1000;
          if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        }
      }
      req.end(tail);
    };
    write().catch(reject);
  });
}

/** `parallel` uploads at once (each paced at `bytesPerSecond` if given), RSS sampled meanwhile. */
async function measuredUpload(
  ctx: BenchContext,
  cookie: string,
  newApplication: () => Promise<number>,
  file: Buffer,
  opts: { bytesPerSecond?: number; parallel?: number } = {},
) {
  // Each upload to an application of its own: one application holds at most 100 MB of documents.
  const applicationIds = await Promise.all(Array.from({ length: opts.parallel ?? 1 }, newApplication));
  const pid = ctx.server.pid;
  await new Promise((r) => setTimeout(r, 500)); // let the previous upload's buffers settle
  const before = rssBytes(pid);
  let peak = before;
  let samples = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
    samples++;
  }, SAMPLE_MS);
  try {
    const t0 = process.hrtime.bigint();
    const ups = await Promise.all(applicationIds.map((id) => streamUpload(ctx.origin, cookie, id, file, opts.bytesPerSecond)));
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    peak = Math.max(peak, rssBytes(pid));
    samples++;
    for (const up of ups) if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 200)}`);
    return { before, peak, growth: peak - before, seconds, bytes: file.length * ups.length, samples };
  } finally {
    clearInterval(timer);
  }
}

export async function uploadMemory(ctx: BenchContext): Promise<SectionResult> {
  // An applicant of its own: the uploads' applications must not weigh on the shared applicant's
  // dashboard, which the throughput bench measures.
  const user = await createApplicant();
  const client = await signInApplicant(new Client(ctx.origin), user);
  const newApplication = async () => (await createApplication(user.id)).id;
  const file = pdfOfSize(FILE_BYTES);
  const cookie = client.cookieHeader();
  const pace = PACED_BYTES_PER_SECOND;
  for (let i = 0; i < WARMUPS; i++) await measuredUpload(ctx, cookie, newApplication, file);
  type Row = Awaited<ReturnType<typeof measuredUpload>> & { label: string; kind: "fast" | "paced" | "parallel" };
  const runs: Row[] = [];
  // First, while the heap has not yet been stretched by several uploads at once: a server holding
  // uploads in memory would grow by PARALLEL files here, far above the garbage collector's noise.
  runs.push({
    label: `${PARALLEL} at once, each paced ${PARALLEL_BYTES_PER_SECOND / 1e6} MB/s`,
    kind: "parallel",
    ...(await measuredUpload(ctx, cookie, newApplication, file, { bytesPerSecond: PARALLEL_BYTES_PER_SECOND, parallel: PARALLEL })),
  });
  for (let i = 0; i < RUNS; i++)
    runs.push({ label: `${i + 1}: full speed`, kind: "fast", ...(await measuredUpload(ctx, cookie, newApplication, file)) });
  // A slow client: the upload lasts seconds, so the 50 ms samples follow the whole stream.
  for (let i = 0; i < RUNS; i++)
    runs.push({
      label: `${i + 1}: paced ${pace / 1e6} MB/s`,
      kind: "paced",
      ...(await measuredUpload(ctx, cookie, newApplication, file, { bytesPerSecond: pace })),
    });
  for (const r of runs)
    console.info(
      `  upload ${r.label}: ${(r.bytes / 1e6 / r.seconds).toFixed(1)} MB/s, RSS ${mb(r.before)} -> peak ${mb(r.peak)} (+${mb(r.growth)}), ${r.samples} samples`,
    );
  const parallel = runs.find((r) => r.kind === "parallel")!;
  const worstSingle = Math.max(...runs.filter((r) => r.kind !== "parallel").map((r) => r.growth));
  const fast = runs.filter((r) => r.kind === "fast");
  const medianFast = median(fast.map((r) => r.bytes / 1e6 / r.seconds));
  return {
    tables: [
      {
        title: `10 MB upload (${FILE_BYTES.toLocaleString("en-US")} byte PDF) to POST /api/documents/upload: median ${medianFast.toFixed(1)} MB/s at full speed`,
        columns: ["Run", "Time", "MB/s", "RSS samples", "Server RSS before", "Peak RSS", "Growth"],
        rows: runs.map((r) => [
          r.label,
          `${r.seconds.toFixed(2)} s`,
          (r.bytes / 1e6 / r.seconds).toFixed(1),
          r.samples,
          mb(r.before),
          mb(r.peak),
          `${mb(r.growth)} (${((r.growth / r.bytes) * 100).toFixed(0)}% of the bytes sent)`,
        ]),
        notes: [
          "MB/s = bytes sent / time from the first byte sent to the last byte of the 201 answer(s) (sniffing, encryption, disk write and the database row included); 1 MB = 10^6 bytes, RSS in MiB.",
          `RSS of the server process (VmRSS) sampled every ${SAMPLE_MS} ms and once at the end; growth = peak minus the RSS just before; ${WARMUPS} warm-up upload first, not shown.`,
          `Full speed: as fast as the loopback allows (the MB/s figure). Paced: the client sends ${pace / 1e6} MB/s, like a slow uplink, so the samples follow the whole 2.5 s stream.`,
          "Single uploads move RSS by up to about 25 MiB either way (the garbage collector grows and returns its young generation), as much as the file: the uploads at once are what tells streaming (growth bounded by buffers and that noise) from buffering (growth of at least the bytes in flight).",
        ],
      },
    ],
    checks: [
      {
        name: `server memory stays flat while uploads stream (${PARALLEL} x 10 MB at once grow RSS by less than half their size)`,
        pass: parallel.growth < parallel.bytes / 2,
        detail: `${PARALLEL} at once: +${mb(parallel.growth)} for ${mb(parallel.bytes)} sent; single uploads up to +${mb(worstSingle)}`,
      },
    ],
  };
}
