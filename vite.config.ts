import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { constants as zlib } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

// Client chunking. Left alone, Rolldown cut the shared code of the routes into
// some 30 files of a few hundred bytes each; every first visit paid their gzip
// and import overhead (about 5 kB gzip on a discussion page).
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SMALL_LIBRARIES = /[\\/]node_modules[\\/](lucide-react|clsx|class-variance-authority|@radix-ui[\\/]react-(slot|compose-refs))[\\/]/;
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
    sharedChunkGuard,
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
