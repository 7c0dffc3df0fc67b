/**
 * The one job runner (decision 0023). Everything slow or periodic leaves the
 * request through here: mail delivery, notification mails, IndexNow and the
 * purges. A job is a row of `jobs`:
 * - once: written by `enqueue` in the transaction of the write that causes it,
 *   so a rolled-back write leaves no job and a committed one cannot be lost;
 *   the commit wakes every app server's runner through NOTIFY;
 * - on a schedule: one row per kind, made at start, run again `everySeconds`
 *   after each success, by whichever app server claims it first.
 * Every app server runs the runner. A job is claimed with one UPDATE … SKIP
 * LOCKED and a lease, so no two servers run it at once; a server that dies
 * mid-job leaves the lease to run out and another takes the job up. A failed
 * try is repeated after a growing pause; a job that runs once is given up
 * after its last try (`giveUp` tells its domain), a schedule never.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { jobs } from "../../../db/schema";
import { db, listenToDatabase, purgeSubmissions, queryRows, type Database, type Transaction } from "~/server/db";
import { env, logger, metrics, observeGauge } from "~/server/platform";

/** NOTIFY channel on which a committed job wakes the runner of every app server. */
export const JOBS_CHANNEL = "jobs";
/** A claimed job is taken up by another server if its run did not finish within this time (an SMTP dialogue fits many times over). */
export const JOB_LEASE_SECONDS = 300;
/** Seconds until the next try after 1, 2, … failed tries; the last one repeats. */
export const DEFAULT_BACKOFF_SECONDS = [60, 300, 900, 3_600, 14_400] as const;
const DEFAULT_MAX_ATTEMPTS = 6;
/** Finished jobs are kept this long to look into, then removed. */
const KEEP_FINISHED_DAYS = 14;

export interface JobRun {
  /** 1 for the first try. */
  attempt: number;
}

interface OnceDefinition<Payload> {
  run(payload: Payload, job: JobRun): Promise<void>;
  /** Tries in all. */
  maxAttempts?: number;
  backoffSeconds?: readonly number[];
  /** After the last failed try: the domain marks its own record (e.g. the mail as failed). */
  giveUp?(payload: Payload, error: unknown): Promise<void>;
  /**
   * One waiting run covers every write before it (a rebuild): `enqueue` adds nothing while a job of this kind waits
   * unclaimed. One already claimed does not count, since its run may have read the data before the write.
   */
  coalesce?: boolean;
}

interface ScheduleDefinition {
  everySeconds: number;
  run(job: JobRun): Promise<void>;
  backoffSeconds?: readonly number[];
}

type Definition =
  | {
      kind: string;
      once: true;
      maxAttempts: number;
      backoff: readonly number[];
      run(payload: unknown, job: JobRun): Promise<void>;
      giveUp?(payload: unknown, error: unknown): Promise<void>;
    }
  | { kind: string; once: false; everySeconds: number; backoff: readonly number[]; run(payload: unknown, job: JobRun): Promise<void> };

const definitions = new Map<string, Definition>();

function define(definition: Definition) {
  if (definitions.has(definition.kind)) throw new Error(`job kind "${definition.kind}" is defined twice`);
  definitions.set(definition.kind, definition);
}

export interface Job<Payload> {
  readonly kind: string;
  /** Records the job in the caller's transaction (or at once without one); it runs after the commit. */
  enqueue(executor: Database | Transaction, payload: Payload, options?: { runAt?: Date }): Promise<void>;
}

/** A job that runs once per `enqueue`. The payload is JSON: ids, not whole records (they may change before the run). */
export function defineJob<Payload extends Record<string, unknown>>(kind: string, definition: OnceDefinition<Payload>): Job<Payload> {
  define({
    kind,
    once: true,
    maxAttempts: definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    backoff: definition.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS,
    run: (payload, job) => definition.run(payload as Payload, job),
    giveUp: definition.giveUp && ((payload, error) => definition.giveUp!(payload as Payload, error)),
  });
  return {
    kind,
    async enqueue(executor, payload, options) {
      const runAt = options?.runAt ?? new Date();
      if (definition.coalesce) {
        const [waiting] = await executor
          .select({ id: jobs.id })
          .from(jobs)
          .where(and(eq(jobs.kind, kind), eq(jobs.status, "pending"), isNull(jobs.everySeconds), isNull(jobs.lockedUntil)))
          .limit(1);
        // Two writes at the same moment may both add one: a run too many, never one too few.
        if (waiting) return;
      }
      await executor.insert(jobs).values({ kind, payload, runAt });
      // Delivered at commit, to every app server, and never for a write that rolled back.
      await executor.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${kind})`);
      if (env.NODE_ENV === "development") startRunnerForDevServer();
    },
  };
}

/** A job that runs every `everySeconds` on one of the app servers. */
export function defineSchedule(kind: string, definition: ScheduleDefinition): void {
  define({
    kind,
    once: false,
    everySeconds: definition.everySeconds,
    backoff: definition.backoffSeconds ?? DEFAULT_BACKOFF_SECONDS,
    run: (_payload, job) => definition.run(job),
  });
}

/**
 * One row per schedule: made by the first server to start, its interval
 * brought up to date by every later one. A schedule no longer defined in code
 * is left alone: no runner claims a kind it does not know.
 */
export async function ensureSchedules(): Promise<void> {
  for (const definition of definitions.values()) {
    if (definition.once) continue;
    await db
      .insert(jobs)
      .values({ kind: definition.kind, everySeconds: definition.everySeconds })
      .onConflictDoUpdate({ target: jobs.kind, targetWhere: isNotNull(jobs.everySeconds), set: { everySeconds: definition.everySeconds } });
  }
}

function pause(backoff: readonly number[], attempt: number): number {
  return backoff[Math.min(attempt, backoff.length) - 1] ?? 60;
}

/** An error as the short text kept with a job (and with its domain's record, e.g. the mail). */
export function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

async function finish(definition: Definition, id: string, payload: unknown, attempt: number, error: unknown): Promise<void> {
  const settled = { lockedUntil: null };
  if (error === undefined) {
    await db
      .update(jobs)
      .set(
        definition.once
          ? { ...settled, status: "done", finishedAt: new Date(), lastError: null }
          : { ...settled, attempts: 0, lastError: null, runAt: sql`now() + make_interval(secs => ${definition.everySeconds})` },
      )
      .where(eq(jobs.id, id));
    return;
  }
  const givenUp = definition.once && attempt >= definition.maxAttempts;
  metrics.jobFailures.inc({ kind: definition.kind, final: String(givenUp) });
  logger.warn({ err: error, job: definition.kind, jobId: id, attempt, givenUp }, "job failed");
  await db
    .update(jobs)
    .set(
      givenUp
        ? { ...settled, status: "failed", finishedAt: new Date(), lastError: errorText(error) }
        : { ...settled, lastError: errorText(error), runAt: sql`now() + make_interval(secs => ${pause(definition.backoff, attempt)})` },
    )
    .where(eq(jobs.id, id));
  if (givenUp) await definition.giveUp?.(payload, error);
}

/**
 * Claims up to `limit` due jobs of the given kinds (all defined ones by
 * default) and runs them one after another. Returns how many succeeded.
 */
export async function runDueJobs(options: { kinds?: readonly string[]; limit?: number } = {}): Promise<number> {
  const kinds = options.kinds ?? [...definitions.keys()];
  if (kinds.length === 0) return 0;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.status, "pending"),
        lte(jobs.runAt, sql`now()`),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, sql`now()`)),
        inArray(jobs.kind, [...kinds]),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(options.limit ?? 20)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(jobs)
    .set({ lockedUntil: sql`now() + make_interval(secs => ${JOB_LEASE_SECONDS})`, attempts: sql`${jobs.attempts} + 1` })
    .where(inArray(jobs.id, due))
    .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, attempts: jobs.attempts });
  let succeeded = 0;
  for (const job of claimed) {
    const definition = definitions.get(job.kind);
    if (!definition) continue;
    let failure: unknown = undefined;
    try {
      await definition.run(job.payload, { attempt: job.attempts });
      succeeded++;
    } catch (error) {
      // A throw of `undefined` is still a failure.
      failure = error ?? new Error("job failed without a reason");
    }
    await finish(definition, job.id, job.payload, job.attempts, failure);
  }
  return succeeded;
}

/** Finished jobs older than two weeks; a schedule of its own. */
defineSchedule("purge-finished-jobs", {
  everySeconds: 3_600,
  async run() {
    await db
      .delete(jobs)
      .where(
        and(inArray(jobs.status, ["done", "failed"]), lte(jobs.finishedAt, sql`now() - make_interval(days => ${KEEP_FINISHED_DAYS})`)),
      );
  },
});

/** Forms' one-time keys (app/server/db/submissions.server.ts), kept a day; here because db/ may not define jobs. */
defineSchedule("purge-submission-keys", { everySeconds: 3_600, run: () => purgeSubmissions() });

/** How long a scrape waits for the count of due jobs; a database that does not answer leaves only this gauge empty. */
const DUE_COUNT_TIMEOUT_MS = 1_000;

/**
 * The jobs waiting to run, counted when scraped: due, not under way (no
 * lease), by kind. The partial index on pending jobs keeps it to the few
 * rows there are; every process reads the same table, so the primary takes
 * the largest count, not the sum.
 */
function observeDueJobs() {
  observeGauge<"kind">({
    name: "forum_jobs_due",
    help: "Pending jobs that are due and not under way, by kind (read from the jobs table when scraped)",
    labelNames: ["kind"],
    aggregator: "max",
    async collect(gauge) {
      gauge.reset();
      for (const definition of definitions.values()) if (definition.once) gauge.set({ kind: definition.kind }, 0);
      let timer: NodeJS.Timeout | undefined;
      try {
        const rows = await Promise.race([
          queryRows<{ kind: string; due: number }>(sql`
            select ${jobs.kind} as kind, count(*)::int as due from ${jobs}
            where ${jobs.status} = 'pending' and ${jobs.runAt} <= now() and (${jobs.lockedUntil} is null or ${jobs.lockedUntil} <= now())
            group by ${jobs.kind}`),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("counting due jobs timed out")), DUE_COUNT_TIMEOUT_MS);
          }),
        ]);
        for (const row of rows) gauge.set({ kind: row.kind }, row.due);
      } catch (error) {
        // No numbers rather than zeros that would look like an empty queue.
        gauge.reset();
        logger.warn({ err: error }, "metrics: counting due jobs failed");
      } finally {
        clearTimeout(timer);
      }
    },
  });
}

/**
 * Runs jobs in this process: at once when a write commits one (NOTIFY, from
 * any app server), and every `pollMs` for schedules, retries, expired leases
 * and missed notifications. The returned function stops taking work and
 * waits for the job under way.
 */
export async function startJobRunner(pollMs = 2_500): Promise<() => Promise<void>> {
  await ensureSchedules();
  observeDueJobs();
  let stopped = false;
  let again = false;
  let running: Promise<void> | null = null;
  const wake = () => {
    if (stopped) return;
    // A wake-up during a run is not lost: the run goes round once more.
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        // A batch that ran something may have left more behind.
        while (!stopped && (await runDueJobs()) > 0);
      } while (again && !stopped);
    })()
      .catch((error: unknown) => logger.error({ err: error }, "job runner failed"))
      .finally(() => {
        running = null;
        if (again) wake();
      });
  };
  const unlisten = await listenToDatabase(JOBS_CHANNEL, wake, wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  // Jobs recorded while no server ran start now.
  wake();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await unlisten();
    await running;
  };
}

/**
 * `npm run dev` serves through Vite, without server/app-server.ts, which
 * starts the runner everywhere else: there the first job starts it, once per
 * process (kept on globalThis across module reloads, like the database).
 */
function startRunnerForDevServer() {
  const global = globalThis as typeof globalThis & { __forumJobRunner?: Promise<unknown> };
  global.__forumJobRunner ??= startJobRunner().catch((error: unknown) => {
    global.__forumJobRunner = undefined;
    logger.error({ err: error }, "job runner could not start");
  });
}
