/**
 * SIGTERM (a deploy) while members read and write over keep-alive
 * connections: every request that started before the signal gets its answer,
 * none is reset and none fails, and the process ends well inside
 * SHUTDOWN_TIMEOUT instead of serving on until it runs out. A request sent
 * after the signal is answered with Connection: close on the connection it
 * came on, or finds no connection at all (refused: it was never sent, a client
 * or proxy tries it elsewhere); it is never reset halfway, which leaves its
 * client not knowing whether it was done.
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
  /** The answer's Connection header. */
  connection: string | null;
  error: string | null;
  /** The error's code: ECONNREFUSED when the connection was never made. */
  code: string | null;
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
        answers.push({ startedAt, status: response.status, connection: response.headers.get("connection"), error: null, code: null });
      } catch (error) {
        const cause = (error as Error).cause as NodeJS.ErrnoException | undefined;
        answers.push({ startedAt, status: null, connection: null, error: String(cause ?? error), code: cause?.code ?? null });
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

  // Sent after the signal: answered and told to close the connection, or refused before anything was sent.
  const after = answers.filter((answer) => answer.startedAt >= signalAt);
  const answered = after.filter((answer) => answer.status !== null);
  const refused = after.filter((answer) => answer.code === "ECONNREFUSED");
  const broken = after.filter(
    (answer) => (answer.status === null && answer.code !== "ECONNREFUSED") || (answer.status !== null && answer.status >= 500),
  );
  console.info(`after SIGTERM: ${answered.length} answered, ${refused.length} refused, ${broken.length} reset or failed`);
  expect(broken, JSON.stringify(broken.slice(0, 5))).toEqual([]);
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.filter((answer) => answer.connection?.toLowerCase() !== "close")).toEqual([]);
  expect(server.exitStatus()).toBe("Code 0");
  expect(exitedAfterMs).toBeLessThan(5_000);
});
