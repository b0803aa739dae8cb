/**
 * A local S3-compatible server (s3rver from npm) in a temporary directory on a free port, with one
 * bucket, for the S3 document store tests. Its default credentials are S3RVER / S3RVER.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { freePort } from "./processes";

const ROOT = path.resolve(__dirname, "../..");

/** Safety net: servers a test file did not stop are killed when the file ends. */
const cleanups = new Set<() => void>();
afterAll(() => {
  for (const c of cleanups) c();
  cleanups.clear();
});

export type LocalS3 = {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The app's S3 settings for this server. */
  env: Record<string, string>;
  stop(): Promise<void>;
};

export async function startLocalS3(bucket = "lm-documents"): Promise<LocalS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lm-s3-"));
  const port = await freePort();
  const bin = path.join(ROOT, "node_modules/s3rver/bin/s3rver.js");
  if (!fs.existsSync(bin)) throw new Error("s3rver is not installed (npm install: it is a devDependency)");
  const child = spawn(
    process.execPath,
    [bin, "--directory", dir, "--address", "127.0.0.1", "--port", String(port), "--silent", "--configure-bucket", bucket],
    {
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
  const reap = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  const cleanup = () => {
    reap();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  cleanups.add(cleanup);
  process.once("exit", reap);
  child.once("exit", () => process.off("exit", reap));

  const endpoint = `http://127.0.0.1:${port}`;
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited with ${child.exitCode}: ${stderr.slice(-800)}`);
    // The bucket is configured once the server answers for it (403/200 both mean "up").
    const up = await fetch(`${endpoint}/${bucket}`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) break;
    if (Date.now() > end) throw new Error(`s3rver did not start: ${stderr.slice(-800)}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const accessKeyId = "S3RVER";
  const secretAccessKey = "S3RVER";
  return {
    endpoint,
    bucket,
    accessKeyId,
    secretAccessKey,
    env: {
      DOCUMENT_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await Promise.race([gone, new Promise((r) => setTimeout(r, 5000))]);
        reap();
      }
      cleanups.delete(cleanup);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
