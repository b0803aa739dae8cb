// Serves the minimal Remix app the way remix-serve does (Express, compression, the Remix handler),
// with the product's documents from BENCH_PAGES_FILE (JSON: { "<path?query>": { head, body } }).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";

const here = path.dirname(new URL(import.meta.url).pathname);
const pages = JSON.parse(fs.readFileSync(process.env.BENCH_PAGES_FILE, "utf8"));
globalThis.__benchPages = new Map(Object.entries(pages));
const build = await import(pathToFileURL(path.join(here, "build/index.js")).href);

const app = express();
app.disable("x-powered-by");
app.use(compression());
app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
app.all("*", createRequestHandler({ build, mode: "production" }));
app.listen(Number(process.env.PORT), "127.0.0.1");
