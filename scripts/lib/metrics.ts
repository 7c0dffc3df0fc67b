/**
 * Reading the server's Prometheus metrics (METRICS_PORT, server/metrics.ts)
 * in benchmarks and tests: scrape, then pick samples by name and labels.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_]\w*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments and blank lines skipped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith("#")) continue;
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? "").matchAll(LABEL))
      labels[name!] = value!.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** Their sum (0 when there are none). */
export function sumOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}

/** GET /metrics; throws unless it answers 200. */
export async function scrapeMetrics(metricsUrl: string, token?: string): Promise<Sample[]> {
  const response = await fetch(`${metricsUrl}/metrics`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`/metrics antwortete ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return parseMetrics(await response.text());
}

/** Resident memory of each process in MB, by its `worker` label ("primary", "1", "2" …; "0" for a server alone). */
export function residentMbByWorker(samples: Sample[]): Map<string, number> {
  const byWorker = new Map<string, number>();
  for (const sample of samplesOf(samples, "process_resident_memory_bytes")) {
    byWorker.set(sample.labels.worker ?? "?", Math.round(sample.value / 1024 / 1024));
  }
  return byWorker;
}
