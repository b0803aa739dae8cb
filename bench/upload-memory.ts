/**
 * A 10 MB upload: a valid 10,000,000-byte PDF streamed (64 KB writes, honouring back-pressure) to
 * POST /api/documents/upload by a signed-in applicant with an application. The server's RSS is
 * read from /proc/<pid>/status every 50 ms; growth = highest RSS during the upload minus RSS just
 * before. One warm-up upload, then RUNS measured ones. Memory counts as flat when no run grows
 * the server by half the file size (a server holding the file in memory grows by at least its size).
 */
import fs from "node:fs";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { samplePdf } from "../tests/fixtures/documents";
import type { BenchContext } from "./lib/context";
import type { SectionResult } from "./lib/report";
import { mb } from "./lib/stats";

const RUNS = 3;
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

function streamUpload(origin: string, cookie: string, applicationId: number, file: Buffer): Promise<Upload> {
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
      res.on("end", () => resolve({ status: res.statusCode ?? 0, seconds: Number(process.hrtime.bigint() - t0) / 1e9, body: Buffer.concat(chunks).toString("utf8") }));
    });
    const write = async () => {
      req.write(head);
      for (let off = 0; off < file.length; off += 64 * 1024) {
        if (!req.write(file.subarray(off, off + 64 * 1024))) await new Promise((r) => req.once("drain", r));
      }
      req.end(tail);
    };
    write().catch(reject);
  });
}

async function measuredUpload(ctx: BenchContext, cookie: string, applicationId: number, file: Buffer) {
  const pid = ctx.server.pid;
  await new Promise((r) => setTimeout(r, 500)); // let the previous upload's buffers settle
  const before = rssBytes(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, SAMPLE_MS);
  try {
    const up = await streamUpload(ctx.origin, cookie, applicationId, file);
    peak = Math.max(peak, rssBytes(pid));
    if (up.status !== 201) throw new Error(`upload answered ${up.status}: ${up.body.slice(0, 200)}`);
    return { before, peak, growth: peak - before, seconds: up.seconds };
  } finally {
    clearInterval(timer);
  }
}

export async function uploadMemory(ctx: BenchContext): Promise<SectionResult> {
  const { client, application } = await ctx.applicant();
  const file = pdfOfSize(FILE_BYTES);
  const cookie = client.cookieHeader();
  await measuredUpload(ctx, cookie, application.id, file); // warm-up
  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await measuredUpload(ctx, cookie, application.id, file);
    runs.push(r);
    console.info(`  upload ${i + 1}: ${(FILE_BYTES / 1e6 / r.seconds).toFixed(1)} MB/s, RSS ${mb(r.before)} -> peak ${mb(r.peak)} (+${mb(r.growth)})`);
  }
  const worst = Math.max(...runs.map((r) => r.growth));
  return {
    tables: [
      {
        title: `10 MB upload (${FILE_BYTES.toLocaleString("en-US")} byte PDF) to POST /api/documents/upload`,
        columns: ["Run", "Time", "MB/s", "Server RSS before", "Peak RSS", "Growth"],
        rows: runs.map((r, i) => [i + 1, `${r.seconds.toFixed(2)} s`, (FILE_BYTES / 1e6 / r.seconds).toFixed(1), mb(r.before), mb(r.peak), `${mb(r.growth)} (${((r.growth / FILE_BYTES) * 100).toFixed(0)}% of file)`]),
        notes: [
          "MB/s = 10,000,000 bytes / time from the first byte sent to the last byte of the 201 answer (sniffing, encryption, disk write and the database row included); 1 MB = 10^6 bytes, RSS in MiB.",
          `RSS of the server process (VmRSS) sampled every ${SAMPLE_MS} ms; one warm-up upload first, not shown.`,
        ],
      },
    ],
    checks: [
      {
        name: "server memory stays flat while a 10 MB upload streams (growth under half the file)",
        pass: worst < FILE_BYTES / 2,
        detail: `worst growth ${mb(worst)}`,
      },
    ],
  };
}
