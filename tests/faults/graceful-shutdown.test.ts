/**
 * SIGTERM (a deploy) while members read and write over keep-alive
 * connections: every request that started before the signal gets its answer,
 * none is reset and none fails, and the process ends well inside
 * SHUTDOWN_TIMEOUT instead of serving on until it runs out.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { findDiscussionPath, postComment, signIn, startDemoServer, type BenchServer } from "../../scripts/lib/bench-server";

const CLIENTS = 20;
let server: BenchServer;

beforeAll(async () => {
  server = await startDemoServer({ env: { TRUST_PROXY: "1", SHUTDOWN_TIMEOUT: "10" } });
});

afterAll(async () => {
  if (server?.exitStatus() === null) await server.stop();
});

interface Answer {
  startedAt: number;
  status: number | null;
  error: string | null;
}

it("answers every request that started before SIGTERM, resets none, and ends within seconds", async () => {
  const discussion = await findDiscussionPath(server.url);
  const cookies = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      signIn(server.url, "sabine.koehler@example.com", "demo-passwort", { "X-Forwarded-For": `198.51.100.${i + 1}` }),
    ),
  );
  let signalAt = Number.POSITIVE_INFINITY;
  const answers: Answer[] = [];
  const client = async (cookie: string, i: number) => {
    // Node's fetch keeps its connections alive between requests, as browsers and proxies do.
    for (let n = 0; server.exitStatus() === null; n++) {
      const startedAt = performance.now();
      try {
        const response =
          n % 3 === 2
            ? await postComment(server.url, discussion, cookie, `Kurz vor dem Neustart ${i}/${n}`)
            : await fetch(`${server.url}${discussion}`, { headers: { cookie } });
        await response.arrayBuffer();
        answers.push({ startedAt, status: response.status, error: null });
      } catch (error) {
        answers.push({ startedAt, status: null, error: String((error as Error).cause ?? error) });
        // After the signal a refused connection is expected: the server no longer takes new ones.
        if (startedAt >= signalAt) await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
  };
  const load = cookies.map(client);

  await new Promise((resolve) => setTimeout(resolve, 2_000));
  signalAt = performance.now();
  process.kill(server.pid, "SIGTERM");
  await expect.poll(() => server.exitStatus(), { timeout: 10_000, interval: 50 }).not.toBeNull();
  const exitedAfterMs = performance.now() - signalAt;
  await Promise.all(load);

  const before = answers.filter((answer) => answer.startedAt < signalAt);
  expect(before.length).toBeGreaterThan(CLIENTS);
  const failed = before.filter((answer) => answer.error !== null || answer.status! >= 500);
  console.info(
    `SIGTERM: ${before.length} requests started before the signal, ${failed.length} failed; ` +
      `${answers.length - before.length} after it; exit after ${Math.round(exitedAfterMs)} ms (${server.exitStatus()})`,
  );
  expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
  expect(server.exitStatus()).toBe("Code 0");
  expect(exitedAfterMs).toBeLessThan(5_000);
});
