/**
 * /metrics of a server alone (the embedded database): the counters move with
 * the requests (by route, the page cache, a shed under overload), the port
 * answers only with the token, and the site's own port has no /metrics.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findDiscussionPath, freePort, signIn, startDemoServer, type BenchServer } from "../../scripts/lib/bench-server";
import { residentMbByWorker, scrapeMetrics, sumOf } from "../../scripts/lib/metrics";

const TOKEN = "metriken-test-token-0123456789";
let server: BenchServer;
let metricsUrl: string;

beforeAll(async () => {
  server = await startDemoServer({
    metricsPort: await freePort(),
    // Small enough to shed under a cheap rush, as in load-shedding.test.ts.
    env: {
      METRICS_TOKEN: TOKEN,
      MAX_CONCURRENT_REQUESTS: "1",
      MAX_REQUESTS_PER_CLIENT: "0",
      MAX_QUEUED_REQUESTS: "4",
      MAX_QUEUE_WAIT: "0.5",
    },
  });
  metricsUrl = server.metricsUrl!;
});

afterAll(async () => {
  await server?.stop();
});

const scrape = () => scrapeMetrics(metricsUrl, TOKEN);
const requests = (route: string, status = "200") =>
  scrape().then((samples) => sumOf(samples, "forum_http_request_duration_seconds_count", { route, status }));

describe("metrics of a server alone", () => {
  it("count requests by route, the page cache's hits, and this process's memory", async () => {
    const before = await scrape();
    const discussion = await findDiscussionPath(server.url);
    // Rendered once for the cache, then answered from it.
    await expect.poll(async () => (await fetch(`${server.url}${discussion}`)).headers.get("x-page-cache")).toBe("hit");
    expect((await fetch(`${server.url}${discussion}`)).headers.get("x-page-cache")).toBe("hit");
    const after = await scrape();

    const route = { route: "routes/discussion", method: "GET", status: "200" };
    const count = (samples: typeof before) => sumOf(samples, "forum_http_request_duration_seconds_count", route);
    expect(count(after) - count(before)).toBeGreaterThanOrEqual(3);
    const hits = (samples: typeof before) => sumOf(samples, "forum_page_cache_lookups_total", { result: "hit" });
    expect(hits(after) - hits(before)).toBeGreaterThanOrEqual(2);
    // The subforum page findDiscussionPath read, and a data request counted for its page's route.
    expect(sumOf(after, "forum_http_request_duration_seconds_count", { route: "routes/subforum" })).toBeGreaterThanOrEqual(1);
    const data = await requests("routes/home");
    await fetch(`${server.url}/_root.data`);
    expect(await requests("routes/home")).toBe(data + 1);
    // No URL ever becomes a label.
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes("/discussion/")))).toBe(false);

    expect(residentMbByWorker(after).get("0")).toBeGreaterThan(20);
    expect(sumOf(after, "forum_request_gate_requests", { state: "waiting" })).toBe(0);
    expect(after.some((sample) => sample.name === "forum_jobs_due")).toBe(true);
  });

  it("count the requests the gate sheds", async () => {
    const discussion = await findDiscussionPath(server.url);
    const cookie = await signIn(server.url, "sabine.koehler@example.com", "demo-passwort");
    const shedBefore = sumOf(await scrape(), "forum_http_requests_shed_total");
    const statuses = await Promise.all(
      Array.from({ length: 40 }, () => fetch(`${server.url}${discussion}`, { headers: { cookie } }).then((response) => response.status)),
    );
    const shed = statuses.filter((status) => status === 503).length;
    expect(shed, `statuses: ${statuses.join(",")}`).toBeGreaterThan(0);
    const after = await scrape();
    expect(sumOf(after, "forum_http_requests_shed_total") - shedBefore).toBe(shed);
    expect(sumOf(after, "forum_http_request_duration_seconds_count", { route: "routes/discussion", status: "503" })).toBeGreaterThanOrEqual(
      shed,
    );
  });

  it("answer only with the token, and not on the site's port", async () => {
    const without = await fetch(`${metricsUrl}/metrics`);
    expect(without.status).toBe(401);
    expect(without.headers.get("www-authenticate")).toContain("Bearer");
    expect(await without.text()).toContain("Token nötig");

    const wrong = await fetch(`${metricsUrl}/metrics`, { headers: { Authorization: "Bearer falsches-token-0123456789" } });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toBe("Zugriff verweigert: Das Token für die Metriken stimmt nicht.");

    const site = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(site.status).toBe(404);
    expect(await site.text()).not.toContain("forum_http_request_duration_seconds");

    expect(await requests("routes/not-found", "404")).toBeGreaterThanOrEqual(1);
  });
});
