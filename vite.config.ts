import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The production server (server/main.ts) is the SSR entry: it imports the
  // React Router build itself, so one bundle holds the app and its HTTP layer.
  build: isSsrBuild ? { rollupOptions: { input: "./server/main.ts" } } : {},
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
