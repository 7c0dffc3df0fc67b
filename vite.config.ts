import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { iconSprite } from "./scripts/lib/icon-sprite.ts";
import { serviceWorker } from "./scripts/lib/service-worker.ts";

// Client chunking. Left alone, Rolldown cut the shared code of the routes into
// some 30 files of a few hundred bytes each; every first visit paid their gzip
// and import overhead (about 5 kB gzip on a discussion page).
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SMALL_LIBRARIES = /[\\/]node_modules[\\/](clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
const APP_CODE = /[\\/]app[\\/](lib|components)[\\/]/;
// Modules that pull in large libraries (zod, Conform, Tiptap, Radix Dialog, sonner) must stay out of
// the shared chunk: a group takes its modules' dependencies along, and every page would load them.
const HEAVY_APP_CODE =
  /[\\/]app[\\/](lib[\\/](schemas[\\/]|toast\.ts)|components[\\/](editor[\\/]rich-text-editor|ui[\\/](dialog|sheet|switch)|toast[\\/]sonner-toaster|auth[\\/]|admin[\\/]create-user-form))/;

/** Fails the build when a large library slipped into the shared chunk through an app module not listed above. */
const sharedChunkGuard: Plugin = {
  name: "shared-chunk-guard",
  apply: "build",
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== "chunk" || chunk.name !== "shared") continue;
      const strays = chunk.moduleIds.filter((id) => /[\\/]node_modules[\\/]/.test(id) && !SMALL_LIBRARIES.test(id) && !FRAMEWORK.test(id));
      if (strays.length > 0) {
        this.error(`shared chunk pulls in ${strays.slice(0, 5).join(", ")} – add the app module importing it to HEAVY_APP_CODE`);
      }
    }
  },
};

/**
 * The enhancement script of guests' reading pages (app/enhance/guest.ts, decision record 0036): built on its
 * own, so it never shares a chunk with the app (a shared chunk would pull the framework in), and emitted as a
 * hashed asset of the client build. `virtual:guest-script` is its URL; the server build names the same file,
 * as the same source gives the same hash. In development Vite serves the source file itself.
 */
const GUEST_SCRIPT = "app/enhance/guest.ts";
function guestScript(command: "build" | "serve", isSsrBuild: boolean | undefined): Plugin {
  const id = "virtual:guest-script";
  let compiled: Promise<{ fileName: string; code: string }> | undefined;
  async function compile() {
    const result = (await build({
      configFile: false,
      logLevel: "silent",
      resolve: { tsconfigPaths: true },
      build: {
        write: false,
        minify: true,
        target: "es2022",
        lib: { entry: GUEST_SCRIPT, formats: ["iife"], name: "guestScript", fileName: "guest" },
      },
    })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
    const [chunk] = (Array.isArray(result) ? result[0]! : result).output;
    const hash = createHash("sha256").update(chunk.code).digest("base64url").slice(0, 8);
    return { fileName: `assets/guest-${hash}.js`, code: chunk.code };
  }
  return {
    name: "guest-script",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${id}`) return;
      if (command === "serve") return `export default ${JSON.stringify(`/${GUEST_SCRIPT}`)};`;
      compiled ??= compile();
      const { fileName, code } = await compiled;
      if (!isSsrBuild) this.emitFile({ type: "asset", fileName, source: code });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}

// react-router 7.18's package exports send every condition to its development build (extra checks and
// warnings on each navigation and render); its production build ships beside it and is reachable by path.
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve("react-router").replace("/development/", "/production/")) },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(import.meta.resolve("react-router/dom").replace("/development/", "/production/")),
  },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  build: isSsrBuild
    ? // The production server (server/main.ts) is the SSR entry: it imports the
      // React Router build itself, so one bundle holds the app and its HTTP layer.
      { rollupOptions: { input: "./server/main.ts" } }
    : {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // React, React DOM and React Router load on every page anyway: one file instead of three.
                { name: "framework", test: FRAMEWORK, priority: 20 },
                // Small app modules and libraries that two or more routes use.
                {
                  name: "shared",
                  test: (id: string) => SMALL_LIBRARIES.test(id) || (APP_CODE.test(id) && !HEAVY_APP_CODE.test(id)),
                  minShareCount: 2,
                  priority: 10,
                },
              ],
            },
          },
        },
      },
  resolve: { tsconfigPaths: true, alias: command === "build" ? REACT_ROUTER_PRODUCTION : [] },
  // Bundled into the server so that the alias above applies to them too; left external, Node would load the development build.
  ssr: command === "build" ? { noExternal: ["react-router", "@react-router/node"] } : undefined,
  plugins: [
    tailwindcss(),
    reactRouter(),
    guestScript(command, isSsrBuild),
    iconSprite(command, isSsrBuild),
    sharedChunkGuard,
    serviceWorker(),
    // Static files compressed once at build time, as strongly as the formats allow; the server sends the .br or .gz file.
    ...(isSsrBuild
      ? []
      : [
          compression({
            include: /\.(js|css|svg|xml|txt|json|webmanifest)$/,
            threshold: 512,
            skipIfLargerOrEqual: true,
            logLevel: "silent",
            algorithms: [
              defineAlgorithm("gzip", { level: 9 }),
              defineAlgorithm("brotliCompress", {
                params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
              }),
            ],
          }),
        ]),
  ],
}));
