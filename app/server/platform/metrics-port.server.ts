/**
 * /metrics for Prometheus, on a port of its own (METRICS_PORT, by default on
 * 127.0.0.1 only), never on the site's: behind a reverse proxy every request
 * comes from the proxy's own address, so "only from localhost" on the public
 * port would let the whole world in. METRICS_TOKEN adds a Bearer token (and
 * is required where the port listens on more than the loopback).
 *
 * Alone, the app server answers there itself (server/app-server.ts). In a cluster the workers share
 * the site's port, so the one answering a scrape would be any of them: the
 * primary (server/main.ts) answers instead, asks every worker over IPC for its metrics and
 * combines them with prom-client's AggregatorRegistry (counts summed, process
 * metrics kept per `worker`). The asking is ours, not prom-client's
 * clusterMetrics(): that fails the whole scrape after 5 s when one worker is
 * still starting or has just died, and leaves out the primary's own metrics.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Worker } from "node:cluster";
import cluster from "node:cluster";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { localMetrics, METRICS_CONTENT_TYPE, type MetricsJson, observeGauge, renderMetrics } from "./metrics.server";

const REQUEST = "forum:metrics-request";
const RESPONSE = "forum:metrics-response";
const READY = "forum:metrics-ready";
/** How long the primary waits for the workers' metrics; one that has not answered by then is left out of this scrape. */
const WORKER_ANSWER_MS = 2_000;

interface MetricsRequest {
  type: typeof REQUEST;
  id: number;
}
interface MetricsResponse {
  type: typeof RESPONSE;
  id: number;
  metrics?: MetricsJson[];
  error?: string;
}

const texts = {
  notFound: "Nicht gefunden. Die Metriken stehen unter /metrics.",
  methodNotAllowed: "Diese Methode wird hier nicht unterstützt.",
  tokenMissing: "Für die Metriken ist ein Token nötig (Authorization: Bearer …).",
  tokenWrong: "Zugriff verweigert: Das Token für die Metriken stimmt nicht.",
  failed: "Die Metriken konnten nicht gesammelt werden.",
};

/** Starts the metrics port when METRICS_PORT is set; `gather` renders the text a scrape gets. */
export function serveMetrics(gather: () => Promise<string>): Server | null {
  if (env.METRICS_PORT === undefined) return null;
  const server = createServer((req, res) => void answer(req, res, gather));
  // A metrics port that cannot open is the operator's to fix; the forum itself goes on serving.
  server.on("error", (error) => logger.error({ err: error, port: env.METRICS_PORT, host: env.METRICS_HOST }, "metrics port failed"));
  server.listen(env.METRICS_PORT, env.METRICS_HOST, () =>
    logger.info({ port: env.METRICS_PORT, host: env.METRICS_HOST, token: Boolean(env.METRICS_TOKEN) }, "metrics listening"),
  );
  // Never what keeps a stopping process alive.
  server.unref();
  return server;
}

async function answer(req: IncomingMessage, res: ServerResponse, gather: () => Promise<string>) {
  const text = (status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers });
    res.end(message);
  };
  const pathname = (req.url ?? "/").split("?")[0];
  if (pathname !== "/metrics") return text(404, texts.notFound);
  if (req.method !== "GET" && req.method !== "HEAD") return text(405, texts.methodNotAllowed, { Allow: "GET, HEAD" });
  if (env.METRICS_TOKEN) {
    const given = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? "")?.[1];
    if (!given) return text(401, texts.tokenMissing, { "WWW-Authenticate": 'Bearer realm="metrics"' });
    if (!sameSecret(given, env.METRICS_TOKEN)) return text(403, texts.tokenWrong);
  }
  try {
    const body = await gather();
    res.writeHead(200, { "Content-Type": METRICS_CONTENT_TYPE, "Cache-Control": "no-store" });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch (error) {
    logger.error({ err: error }, "metrics could not be gathered");
    text(500, texts.failed);
  }
}

/** Compared in constant time: hashes first, so that the lengths give nothing away either. */
function sameSecret(given: string, expected: string): boolean {
  const hash = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(hash(given), hash(expected));
}

/** A process alone: its own metrics. */
export async function gatherLocal(): Promise<string> {
  return renderMetrics(await localMetrics());
}

/** In a cluster worker: answers the primary's requests for this process's metrics, and says it is ready to. */
export function answerMetricsRequests(): void {
  process.on("message", (message: unknown) => {
    if ((message as MetricsRequest | null)?.type !== REQUEST) return;
    const { id } = message as MetricsRequest;
    localMetrics().then(
      (metrics) => process.send?.({ type: RESPONSE, id, metrics } satisfies MetricsResponse),
      (error: unknown) => process.send?.({ type: RESPONSE, id, error: String(error) } satisfies MetricsResponse),
    );
  });
  process.send?.({ type: READY });
}

/**
 * In the primary: a `gather` that asks every worker that said it is ready,
 * waits up to WORKER_ANSWER_MS, and combines what came with the primary's
 * own metrics (`forum_metrics_workers_missing` counts the workers left out).
 */
export function clusterMetricsGatherer(): () => Promise<string> {
  const ready = new Set<Worker>();
  const waiting = new Map<number, (worker: Worker, response: MetricsResponse | null) => void>();
  let nextId = 0;
  let missing = 0;

  cluster.on("message", (worker, message: unknown) => {
    const typed = message as { type?: unknown } | null;
    if (typed?.type === READY) ready.add(worker);
    else if (typed?.type === RESPONSE) waiting.get((message as MetricsResponse).id)?.(worker, message as MetricsResponse);
  });
  cluster.on("exit", (worker) => {
    ready.delete(worker);
    for (const settle of waiting.values()) settle(worker, null);
  });

  observeGauge({
    name: "forum_cluster_workers",
    help: "App server processes ready to answer (the cluster's primary counts them)",
    collect: (gauge) => gauge.set(ready.size),
  });
  observeGauge({
    name: "forum_metrics_workers_missing",
    help: "Workers whose metrics did not arrive in time for this scrape (starting, ending or stuck); their counts are missing from it",
    collect: (gauge) => gauge.set(missing),
  });

  return async () => {
    const id = nextId++;
    const asked = [...ready].filter((worker) => worker.isConnected());
    const parts: MetricsJson[] = [];
    const answered = new Set<Worker>();
    let delivered = 0;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        waiting.delete(id);
        resolve();
      };
      const timer = setTimeout(done, WORKER_ANSWER_MS);
      waiting.set(id, (worker, response) => {
        if (!asked.includes(worker) || answered.has(worker)) return;
        answered.add(worker);
        if (response?.metrics) {
          parts.push(...response.metrics);
          delivered += 1;
        } else if (response?.error)
          logger.warn({ pid: worker.process.pid, error: response.error }, "a worker could not gather its metrics");
        if (answered.size === asked.length) done();
      });
      // With a callback a channel that closed meanwhile is an answer that does not come, not an 'error' event that would end the primary.
      for (const worker of asked) worker.send({ type: REQUEST, id } satisfies MetricsRequest, undefined, () => undefined);
      if (asked.length === 0) done();
    });
    missing = asked.length - delivered;
    return renderMetrics([...parts, ...(await localMetrics())]);
  };
}
