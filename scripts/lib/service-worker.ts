/**
 * The service worker (app/service-worker/, decision record 0061), built as the last step of the client build into
 * build/client/sw.js: a stable address at the site's root, so its scope is the whole forum. Its own bundle (one
 * classic script, nothing shared with the app), with `virtual:service-worker-build` saying what the build made: the
 * app shell to store on install (the files of the app's frame and of its reading pages, the guests' script), the stylesheet, and a version that changes with every file of the shell and every
 * line of the worker, so a deploy installs a new worker, which replaces the old caches.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build, type Plugin, type Rolldown } from "vite";

const SOURCE_DIR = "app/service-worker";
const VIRTUAL_ID = "virtual:service-worker-build";
export const SERVICE_WORKER_FILE = "sw.js";

/** The app's entry, root and main layout: every member's page loads them. */
const FRAME_MODULES = [/[\\/]entry\.client\.tsx(\?|$)/, /[\\/]app[\\/]root\.tsx(\?|$)/, /[\\/]app[\\/]routes[\\/]layout\.tsx(\?|$)/];

/**
 * The reading pages (those whose route says `handle = readingPage`, decision 0036: home, lists, discussion,
 * profile, members, search, tags, archive, legal pages). Their modules are stored too, so that offline a link in
 * the app to one of them finds its code and the page itself is answered by the worker; a module it cannot load
 * would make React Router reload the page the member is on instead.
 */
export function readingPageModules(routesDir = "app/routes"): RegExp[] {
  return fs
    .readdirSync(routesDir)
    .filter(
      (file) => file.endsWith(".tsx") && /^export const handle = readingPage;$/m.test(fs.readFileSync(path.join(routesDir, file), "utf8")),
    )
    .map((file) => new RegExp(`[\\\\/]app[\\\\/]routes[\\\\/]${file.replaceAll(".", "\\.")}(\\?|$)`));
}

/**
 * Assets every page loads: the stylesheet (app/root.tsx links it by its URL, so no chunk names it as its CSS), and
 * those of the other plugins: the guests' enhancement script and the icon sprite.
 */
const SHELL_ASSETS = /^assets\/((guest|icons)-[\w-]+\.(js|svg)|app-[\w-]+\.css)$/;
/** Public files every page shows (the sidebar's logo, the tab's icon). */
const PUBLIC_FILES = ["/favicon.svg", "/brand/logo.svg"];

/** The client build's files of the app shell, as site paths. */
export function shellFiles(bundle: Rolldown.OutputBundle): string[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const file of Object.values(bundle)) if (file.type === "chunk") chunks.set(file.fileName, file);
  const files = new Set<string>();
  const add = (chunk: Rolldown.OutputChunk | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
    for (const imported of chunk.imports) add(chunks.get(imported));
  };
  const shellModules = [...FRAME_MODULES, ...readingPageModules()];
  for (const chunk of chunks.values()) {
    if (chunk.facadeModuleId && shellModules.some((module) => module.test(chunk.facadeModuleId!))) add(chunk);
  }
  for (const file of Object.keys(bundle)) if (SHELL_ASSETS.test(file)) files.add(file);
  return [...[...files].sort().map((file) => `/${file}`), ...PUBLIC_FILES];
}

async function compile(precache: string[]): Promise<string> {
  const stylesheet = precache.find((file) => file.endsWith(".css"));
  const entryCount = precache.filter((file) => /\/(entry\.client|root|discussion|guest)-[\w-]+\.js$/.test(file)).length;
  if (!stylesheet || entryCount < 4) throw new Error(`service worker: app shell incomplete (${precache.join(", ")})`);
  const sources = fs
    .readdirSync(SOURCE_DIR)
    .sort()
    .map((file) => fs.readFileSync(path.join(SOURCE_DIR, file), "utf8"));
  const version = createHash("sha256").update(JSON.stringify(precache)).update(sources.join("\0")).digest("base64url").slice(0, 10);
  const buildInfo: Plugin = {
    name: "service-worker-build-info",
    resolveId: (source) => (source === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    load: (id) =>
      id === `\0${VIRTUAL_ID}`
        ? `export const version = ${JSON.stringify(version)}; export const precache = ${JSON.stringify(precache)}; export const stylesheet = ${JSON.stringify(stylesheet)};`
        : undefined,
  };
  const result = (await build({
    configFile: false,
    logLevel: "silent",
    resolve: { tsconfigPaths: true },
    plugins: [buildInfo],
    build: {
      write: false,
      minify: true,
      target: "es2022",
      lib: { entry: `${SOURCE_DIR}/index.ts`, formats: ["iife"], name: "serviceWorker", fileName: "sw" },
    },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [chunk] = (Array.isArray(result) ? result[0]! : result).output;
  return chunk.code;
}

/** Emits sw.js into the client build (not the server build, not in development: members register it only in production). */
export function serviceWorker(): Plugin {
  return {
    name: "service-worker",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    async generateBundle(_options, bundle) {
      this.emitFile({ type: "asset", fileName: SERVICE_WORKER_FILE, source: await compile(shellFiles(bundle)) });
    },
  };
}
