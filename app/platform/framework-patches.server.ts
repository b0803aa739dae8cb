/**
 * The framework files that patches/ changes (ADR 0010: route-matching caches and request copies in
 * the server-side builds of Remix v2 and React Router 6). `patch-package` applies the diffs at
 * `npm install` / `npm ci` (postinstall) and fails the install when one no longer applies. An
 * install made with `--ignore-scripts` leaves them unapplied: a production server then refuses to
 * start (lifecycle.server.ts), because the app would run with a third of a page's CPU spent
 * re-deriving the route table, and nothing else would say so.
 */
import fs from "node:fs";
import path from "node:path";

/** The first line of every patched file (each diff in patches/ adds it). */
export const FRAMEWORK_PATCH_MARKER = "/* lendwise: framework patch (patches/, applied by patch-package; ADR 0010) */";

/** One entry per diff in patches/: the package and the file of it that Node loads on the server. */
export const PATCHED_FILES = [
  { pkg: "@remix-run/router", file: "dist/router.cjs.js" },
  { pkg: "react-router-dom", file: "server.js" },
  { pkg: "@remix-run/react", file: "dist/server.js" },
  { pkg: "@remix-run/server-runtime", file: "dist/data.js" },
] as const;

/** The patched files under `root`'s node_modules that do not carry the patch (missing ones count). */
export function unpatchedFrameworkFiles(root = process.cwd()): string[] {
  return PATCHED_FILES.map(({ pkg, file }) => path.join(root, "node_modules", pkg, file)).filter((f) => {
    try {
      const fd = fs.openSync(f, "r");
      try {
        const head = Buffer.alloc(FRAMEWORK_PATCH_MARKER.length);
        fs.readSync(fd, head, 0, head.length, 0);
        return head.toString("utf8") !== FRAMEWORK_PATCH_MARKER;
      } finally {
        fs.closeSync(fd);
      }
    } catch {
      return true;
    }
  });
}

/** Throws, with the message a server prints before it exits, when a patched file is not patched. */
export function assertFrameworkPatched(root = process.cwd()) {
  const missing = unpatchedFrameworkFiles(root);
  if (!missing.length) return;
  // Named from inside node_modules: "node_modules/@scope/..." reads as an e-mail address to the
  // log's masking, which would print "[email]" instead of the file.
  const list = missing.map((f) => path.relative(path.join(root, "node_modules"), f)).join(", ");
  throw Object.assign(new Error("framework patches not applied"), {
    userMessage:
      `[server] Refusing to start in production: the framework patches in patches/ are not applied (in node_modules: ${list}). ` +
      "Install with `npm ci` (not --ignore-scripts), or run `npx patch-package` after the install. See docs/deploy.md.",
  });
}
