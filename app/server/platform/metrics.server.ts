/**
 * The metrics of one process, for Prometheus (prom-client). What a request
 * costs here is one histogram observation; everything else is counted where
 * it happens (a shed, a cache lookup, a failed job) or read when scraped
 * (gauges with `collect`). With several app server processes the cluster's
 * primary asks each for its metrics and adds them up (metrics-port.server.ts);
 * the process metrics (memory, event loop, garbage collection) carry a
 * `worker` label instead, since a sum of heaps says nothing.
 */
import {
  AggregatorRegistry,
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  type MetricObjectWithValues,
  type MetricValue,
  Registry,
} from "prom-client";

/** Summed over the processes; gauges may say otherwise. */
const registry = new Registry();
/** Node's process metrics, labelled with their process. */
const processRegistry = new Registry();

/** One registry's metrics as prom-client hands them between processes. */
export type MetricsJson = MetricObjectWithValues<MetricValue<string>>[];

export const metrics = {
  /** Its _count is the request count by route and status. */
  requestDuration: new Histogram({
    name: "forum_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer's last byte, by route (React Router route id or a fixed kind), method and status",
    labelNames: ["route", "method", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  requestsShed: new Counter({
    name: "forum_http_requests_shed_total",
    help: "Requests answered with 503 by the request gate: the line was full (queue_full) or the wait too long (queue_wait)",
    labelNames: ["reason"] as const,
    registers: [registry],
  }),
  pageCacheLookups: new Counter({
    name: "forum_page_cache_lookups_total",
    help: "Guest requests the page cache could keep: answered from it (hit) or rendered (miss)",
    labelNames: ["result"] as const,
    registers: [registry],
  }),
  signUpsRefused: new Counter({
    name: "forum_sign_ups_refused_total",
    help: "Sign-ups refused as automated (decision 0031), by the sign that gave them away: honeypot, stamp_missing, stamp_forged, stamp_expired, proof_invalid, proof_replayed",
    labelNames: ["reason"] as const,
    registers: [registry],
  }),
  signUpsFlagged: new Counter({
    name: "forum_sign_ups_flagged_total",
    help: "Sign-ups accepted but marked as possibly automated for the administrator, by sign: no-proof (no proof of work), too-fast",
    labelNames: ["signal"] as const,
    registers: [registry],
  }),
  counterRepairs: new Counter({
    name: "forum_counter_repairs_total",
    help: "Rows whose counter differed from the rows it counts and was set anew by the repair-counters schedule, by counter",
    labelNames: ["counter"] as const,
    registers: [registry],
  }),
  jobFailures: new Counter({
    name: "forum_job_failures_total",
    help: "Failed job runs by kind; final=true when the job was given up",
    labelNames: ["kind", "final"] as const,
    registers: [registry],
  }),
};

// Known label values start at 0, so that a rate over them exists before the first event.
for (const reason of ["queue_full", "queue_wait"]) metrics.requestsShed.inc({ reason }, 0);
for (const result of ["hit", "miss"]) metrics.pageCacheLookups.inc({ result }, 0);

export interface GaugeDefinition<Label extends string> {
  name: string;
  help: string;
  labelNames?: readonly Label[];
  /** How the primary combines the processes' values: a sum by default; "max" for what every process reads alike (a table). */
  aggregator?: "sum" | "max";
  /** Sets the gauge's values when scraped. */
  collect(gauge: Gauge<Label>): void | Promise<void>;
}

/**
 * A gauge read when scraped. Defining one again replaces it: the dev
 * server evaluates a changed module anew, and a test may start a second app.
 */
export function observeGauge<Label extends string = never>(definition: GaugeDefinition<Label>): void {
  registry.removeSingleMetric(definition.name);
  new Gauge<Label>({
    name: definition.name,
    help: definition.help,
    labelNames: definition.labelNames ?? [],
    aggregator: definition.aggregator ?? "sum",
    registers: [registry],
    collect() {
      return definition.collect(this);
    },
  });
}

let processMetricsStarted = false;

/** Node's default metrics of this process, labelled `worker` (its number in the cluster, "primary", or "0" alone). */
export function startProcessMetrics(worker: string): void {
  if (processMetricsStarted) return;
  processMetricsStarted = true;
  collectDefaultMetrics({ register: processRegistry, labels: { worker } });
}

/** This process's metrics, for the primary to combine with the others' (or to render alone). */
export function localMetrics(): Promise<MetricsJson[]> {
  return Promise.all([registry.getMetricsAsJSON(), processRegistry.getMetricsAsJSON()]);
}

/** The processes' metrics as one Prometheus text: each kept apart by its labels where it has any that differ, else combined. */
export function renderMetrics(parts: MetricsJson[]): Promise<string> {
  return AggregatorRegistry.aggregate(parts).metrics();
}

export const METRICS_CONTENT_TYPE = registry.contentType;
