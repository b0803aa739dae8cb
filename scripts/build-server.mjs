/**
 * Compiles the server entry (app/platform/server/index.ts) to one JavaScript file, build/server.js,
 * which `npm start` runs with plain `node` (`npm run build` runs this after `remix build`). Only
 * the entry itself is compiled: the packages it imports stay imports of node_modules (the Remix
 * build imports the same copies), and the app is reached through the Remix build at run time.
 * tsx compiled the entry and hooked every module load, the Remix build's included, at each start.
 *
 * `node scripts/build-server.mjs`; the test setup calls `buildServer()` before it starts a server,
 * so a run after a bare `remix build` gets a current file too. The file is replaced in one rename
 * and only when its content changed: a server starting at that moment reads a whole file.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_ENTRY = "app/platform/server/index.ts";
/** Where the compiled entry goes: fixed (not under BUILD_DIR); it reads BUILD_DIR when it starts. */
export const SERVER_BUNDLE = "build/server.js";

/** Writes build/server.js from the entry when it differs; returns its absolute path. */
export async function buildServer(root = ROOT) {
  const { build } = await import("esbuild");
  const out = path.join(root, SERVER_BUNDLE);
  const result = await build({
    absWorkingDir: root,
    entryPoints: [SERVER_ENTRY],
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    write: false,
    outfile: out,
    legalComments: "none",
    logLevel: "warning",
    banner: { js: `// Compiled from ${SERVER_ENTRY} by scripts/build-server.mjs: edit that file, then \`npm run build\`.` },
  });
  const code = result.outputFiles[0].contents;
  const current = fs.existsSync(out) ? fs.readFileSync(out) : null;
  if (current && Buffer.compare(current, code) === 0) return out;
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const tmp = `${out}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, code);
  fs.renameSync(tmp, out);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer();
  console.info(`[build-server] ${path.relative(process.cwd(), out)}`);
}
