import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";
import { DEMO_APP_KEY } from "./e2e/app-keys";
import { E2E_SMTP_PORT, E2E_STORAGE_DIR } from "./e2e/mail";

const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${PORT}`;

// The system Chromium (Debian's packages); Playwright never downloads a browser here. Its headless shell (package
// chromium-headless-shell, the build Playwright itself runs headless tests in) where installed: the same Blink at
// a third of the CPU a page costs in the full browser's headless mode (decision 0043).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-quic",
    "--no-first-run",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI
    ? [["list"], ["./e2e/slowest-reporter.ts"]]
    : [["list"], ["./e2e/slowest-reporter.ts"], ["html", { open: "never" }]],
  // An ordinary test here (a few pages in a fresh browser) takes up to about 12 s on a busy two-core
  // machine: 45 s keeps a margin of three. Journeys that are long by nature declare their own budget.
  timeout: 45_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // Recording a trace of every test to keep the failed ones' cost `npm test` 95 s of its 515 (e2e 6.0 → 4.4 min,
    // measured on two cores). A failed test is traced when run again on its own: `npx playwright test <file> --trace on`.
    trace: "off",
    locale: "de-DE",
    timezoneId: "Europe/Berlin",
    launchOptions: chromium,
  },
  projects: [
    // Signs each role in once; the other tests reuse those sessions (e2e/auth-helpers.ts).
    { name: "sign-in", testMatch: /auth\.setup\.ts$/ },
    { name: "chromium", dependencies: ["sign-in"], use: { ...devices["Desktop Chrome"], launchOptions: chromium } },
  ],
  webServer: {
    // The built production server on a fresh in-memory database with demo content.
    command: "node build/server/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: "memory://",
      STORAGE_DIR: E2E_STORAGE_DIR,
      SEED_DEMO: "true",
      DEMO_ADMIN_PASSWORD: "e2e-admin-passwort",
      // The demo's staff have an authenticator app with this key; the tests compute its codes (e2e/app-keys.ts).
      DEMO_APP_KEY,
      LOG_LEVEL: "warn",
      PUBLIC_URL: baseURL,
      // Real mail to the capture server of e2e/global-setup.ts.
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // As behind a proxy: each test sends its own X-Forwarded-For, so per-IP rate limits stay per test.
      TRUST_PROXY: "1",
      // Push messages go to the tests' receivers on this machine (e2e/push.spec.ts); a real server refuses such endpoints.
      PUSH_ALLOW_LOCAL_ENDPOINTS: "true",
    },
  },
});
