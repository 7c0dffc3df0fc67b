import { z } from "zod";

const booleanFlag = (defaultValue: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"])
    .optional()
    .transform((value) => (value === undefined ? defaultValue : ["true", "1", "yes"].includes(value)));

const emptyAsUndefined = (value: unknown) => (value === "" ? undefined : value);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().min(1).default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Absolute origin of the public site, used for canonical URLs, mails and the sitemap. */
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** PostgreSQL connection string. Without it the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.string().startsWith("postgres").optional()),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Folder of the embedded database; "memory://" keeps it in memory (tests). */
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * Folder for uploaded files (avatars), published under /storage/. Default: `storage` inside DATA_DIR, so each
   * install keeps its uploads beside its own database (with DATA_DIR=memory:// a temporary folder of the process).
   */
  STORAGE_DIR: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
  /** S3-compatible bucket for uploads (all five needed); without them files go to STORAGE_DIR. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url().optional()),
  S3_BUCKET: z.preprocess(emptyAsUndefined, z.string().min(3).optional()),
  S3_REGION: z.string().min(1).default("auto"),
  S3_ACCESS_KEY_ID: z.preprocess(emptyAsUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  /** Public base URL of the bucket's objects, e.g. https://cdn.example.com/forum-uploads */
  S3_PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Seed demo content on the first start against an empty embedded database. */
  SEED_DEMO: booleanFlag(true),
  /** Fixed password for the demo administrator (otherwise a random one is printed once). */
  DEMO_ADMIN_PASSWORD: z.preprocess(emptyAsUndefined, z.string().min(8).optional()),
  /** Fixed authenticator-app key (Base32) of the demo's staff (otherwise a random one is printed once, decision 0050). */
  DEMO_APP_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z2-7]{16,64}$/, "Base32, 16 bis 64 Zeichen")
      .optional(),
  ),
  /** Express "trust proxy": set to the number of proxies in front of the app (for client IPs). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Secret for signed cookies and e-mail tokens; at least 32 characters. Required on a public host. */
  AUTH_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32).optional()),
  /** smtp(s)://user:pass@host:port — without it mails land in the developer mailbox (/dev/mailbox). */
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^smtps?:\/\//, "smtp:// oder smtps:// erwartet")
      .optional(),
  ),
  MAIL_FROM: z.string().min(3).default('"Marketing Community" <no-reply@marketing-community.example>'),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Pages and form posts worked on at once; more wait in line (see app/server/request-gate.server.ts). */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(1).max(1000).default(8),
  /**
   * Of those, how many one client (address, or IPv6 /64) may have at once; its further requests wait behind its own.
   * Default: half of MAX_CONCURRENT_REQUESTS. 0 turns the per-client limits off (a benchmark whose one address stands for many visitors).
   */
  MAX_REQUESTS_PER_CLIENT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(1000).optional()),
  /**
   * Load shedding: requests that may wait for a slot at once, and seconds one may wait; beyond either a quick
   * 503 with Retry-After instead of an answer after the client has given up. Cached guest pages are never shed.
   */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(256),
  MAX_QUEUE_WAIT: z.coerce.number().min(0.1).max(300).default(5),
  /** Seconds a request body may take to arrive, plus one per 64 KB of it; then 408 (app/server/request-body.server.ts). */
  REQUEST_BODY_TIMEOUT: z.coerce.number().int().min(1).max(300).default(10),
  /** Memory for the guest page cache in MB; 0 turns it off. */
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  /** Seconds a cached guest page lives at most, even when no change was announced. */
  PAGE_CACHE_MAX_AGE: z.coerce.number().int().min(1).max(3600).default(60),
  // Reports weighing this much hide a post until a moderator decides (decision 0030): an established member's with a clean
  // record weighs 1, a new member's 0, staff's this much; a staff member's post is never hidden by reports.
  REPORTS_TO_HIDE: z.coerce.number().int().min(1).max(100).default(3),
  /**
   * Whether crawlers that collect texts for training AI models (GPTBot, ClaudeBot, Google-Extended, CCBot …) may
   * read the forum; robots.txt says so and states it in its Content-Signal line. AI search and answer fetchers
   * (OAI-SearchBot, Claude-User, PerplexityBot …) are allowed either way. The default is "deny": the texts are the
   * members' own, and training is a use they did not post for; being found and quoted by AI search does not need it.
   */
  AI_TRAINING: z.enum(["allow", "deny"]).default("deny"),
  /**
   * Days a member must have been away (no signed-in page) before the digest "Das Wichtigste aus der Community" may
   * mail them what is new; how often after that is their own choice on the profile (app/server/notifications/digest.server.ts).
   */
  DIGEST_AFTER_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  /** Where IndexNow submissions go; tests point it at a local receiver. Only used when PUBLIC_URL is a public https address. */
  INDEXNOW_ENDPOINT: z.url().default("https://api.indexnow.org/indexnow"),
  /**
   * Port of the Prometheus metrics (/metrics), apart from the site's: the cluster's primary answers there for all
   * processes (app/server/platform/metrics-port.server.ts). Unset: no metrics.
   */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** Where the metrics port listens; anything but the loopback needs METRICS_TOKEN. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /** When set, /metrics answers only requests with "Authorization: Bearer <token>". */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16).optional()),
  /**
   * The VAPID key pair of web push (decision 0060), base64url as `web-push generate-vapid-keys` prints it; both or
   * neither. Unset: a pair is made once and kept in the database, the same for every app server.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "öffentlicher P-256-Schlüssel, 65 Bytes base64url")
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "privater P-256-Schlüssel, 32 Bytes base64url")
      .optional(),
  ),
  /** Whom a push service may contact about our messages: mailto: or https:. Default: PUBLIC_URL if https, else MAIL_FROM's address. */
  VAPID_SUBJECT: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "mailto:… oder https://… erwartet")
      .optional(),
  ),
  /**
   * Accept push endpoints on this machine (http://127.0.0.1:…). Only for the tests' local receivers: a real push
   * service is public and speaks https, and a member's endpoint must never make the server call its own network.
   */
  PUSH_ALLOW_LOCAL_ENDPOINTS: booleanFlag(false),
  /** Seconds the server waits for open requests on SIGTERM before it closes anyway. */
  SHUTDOWN_TIMEOUT: z.coerce.number().int().min(0).max(300).default(10),
});

export type Env = z.infer<typeof envSchema>;

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
/** Addresses only this machine reaches. */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/i;

function parseEnv(): Env & { PUBLIC_URL: string; isPublicHost: boolean } {
  const result = envSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    // Fail at boot, not at the first request that needs the value.
    throw new Error(`Ungültige Umgebungsvariablen:\n${problems}`);
  }
  const parsed = result.data;
  const publicUrl = (parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).replace(/\/+$/, "");
  // "Public" means reachable by others: there, secrets and real mail delivery are not optional.
  const isPublicHost = !LOCAL_HOSTS.has(new URL(publicUrl).hostname);
  const missing: string[] = [];
  if (isPublicHost && parsed.NODE_ENV === "production") {
    if (!parsed.AUTH_SECRET) missing.push("  AUTH_SECRET: auf einem öffentlichen Host erforderlich (mindestens 32 Zeichen)");
    if (!parsed.SMTP_URL)
      missing.push("  SMTP_URL: auf einem öffentlichen Host erforderlich, sonst erreichen keine E-Mails die Mitglieder");
  }
  if (parsed.METRICS_PORT !== undefined && !parsed.METRICS_TOKEN && !LOOPBACK.test(parsed.METRICS_HOST)) {
    missing.push(`  METRICS_TOKEN: erforderlich, wenn die Metriken auf ${parsed.METRICS_HOST} statt nur lokal (127.0.0.1) erreichbar sind`);
  }
  if (Boolean(parsed.VAPID_PUBLIC_KEY) !== Boolean(parsed.VAPID_PRIVATE_KEY))
    missing.push("  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: nur beide zusammen oder keiner (dann erzeugt das Forum ein Paar)");
  if (missing.length > 0) throw new Error(`Ungültige Umgebungsvariablen:\n${missing.join("\n")}`);
  return { ...parsed, PUBLIC_URL: publicUrl, isPublicHost };
}

export const env = parseEnv();
export const isProduction = env.NODE_ENV === "production";
/** The developer mailbox exists only where no real mail goes out and nobody else can reach it. */
export const devMailboxEnabled = !env.SMTP_URL && !(isProduction && env.isPublicHost);
