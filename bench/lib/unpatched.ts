/**
 * A checkout of this build with the framework patches (patches/, applied by patch-package at
 * install; app/platform/framework-patches.server.ts) reverted, to measure what they are worth:
 * tests/.artifacts/<BUILD_DIR>/unpatched/ holds the build, the server entry, package.json, links to
 * public/ and db/, and a node_modules of hard links to this checkout's (same files, no copy), except the patched files,
 * which are real copies with each diff reversed (`patch -R`). Nothing in this checkout changes.
 *
 * `withMarker: false` leaves them as an `npm ci --ignore-scripts` install would: the production
 * server must then refuse to start. `withMarker: true` puts back only the marker comment the boot
 * check reads, so the unpatched framework runs (for the bench only).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { FRAMEWORK_PATCH_MARKER } from "~/platform/framework-patches.server";
import { BUILD_DIR, ROOT } from "./bench-env";

/** The files the diffs in patches/ change, relative to the checkout. */
function patchedFiles(): Array<{ patch: string; files: string[] }> {
  const dir = path.join(ROOT, "patches");
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".patch"))
    .map((f) => {
      const text = fs.readFileSync(path.join(dir, f), "utf8");
      const files = [...text.matchAll(/^diff --git a\/(\S+) b\/\S+$/gm)].map((m) => m[1]!);
      return { patch: path.join(dir, f), files };
    });
}

export function unpatchedCheckout(opts: { withMarker: boolean }): string {
  const dir = path.join(ROOT, "tests/.artifacts", BUILD_DIR, "unpatched");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, "app/platform/server"), { recursive: true });
  // Hard links (cp -al): the tree costs no disk and a second or two; it must be on the same file system.
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
  execFileSync("cp", ["-al", path.join(ROOT, BUILD_DIR), path.join(dir, BUILD_DIR)]);
  fs.copyFileSync(path.join(ROOT, "package.json"), path.join(dir, "package.json"));
  fs.copyFileSync(path.join(ROOT, "app/platform/server/index.ts"), path.join(dir, "app/platform/server/index.ts"));
  // The compiled entry `npm start` runs (build/server.js, scripts/build-server.mjs), when BUILD_DIR did not bring it.
  if (!fs.existsSync(path.join(dir, "build/server.js"))) {
    fs.mkdirSync(path.join(dir, "build"), { recursive: true });
    fs.copyFileSync(path.join(ROOT, "build/server.js"), path.join(dir, "build/server.js"));
  }
  // Read at run time from the working directory: static files and the migrations.
  for (const d of ["public", "db"]) fs.symlinkSync(path.join(ROOT, d), path.join(dir, d));
  for (const { patch, files } of patchedFiles()) {
    // A file of its own before `patch` touches it: a hard link would change this checkout's copy too.
    for (const f of files) {
      const target = path.join(dir, f);
      const content = fs.readFileSync(target);
      fs.unlinkSync(target);
      fs.writeFileSync(target, content);
    }
    execFileSync("patch", ["-R", "-p1", "--no-backup-if-mismatch", "-s", "-d", dir, "-i", patch]);
    if (opts.withMarker) {
      for (const f of files) {
        const target = path.join(dir, f);
        fs.writeFileSync(target, `${FRAMEWORK_PATCH_MARKER}\n${fs.readFileSync(target, "utf8")}`);
      }
    }
  }
  return dir;
}

export function removeUnpatchedCheckout(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}
