/**
 * More requests than the server can answer in time: those beyond the line's
 * length, or waiting longer than its bound, get a quick 503 with Retry-After
 * and a German page, while a guest's cached page is answered as always.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { findDiscussionPath, signIn, startDemoServer, type BenchServer } from "../../scripts/lib/bench-server";

let server: BenchServer;

beforeAll(async () => {
  server = await startDemoServer({
    env: { MAX_CONCURRENT_REQUESTS: "1", MAX_REQUESTS_PER_CLIENT: "0", MAX_QUEUED_REQUESTS: "4", MAX_QUEUE_WAIT: "0.5" },
  });
});

afterAll(async () => {
  await server?.stop();
});

it("sheds what does not fit in line with a 503 in German, and keeps serving guests' cached pages", async () => {
  const discussion = await findDiscussionPath(server.url);
  // Cached for guests before the rush.
  await expect.poll(async () => (await fetch(`${server.url}${discussion}`)).headers.get("x-page-cache")).toBe("hit");
  const cookie = await signIn(server.url, "sabine.koehler@example.com", "demo-passwort");

  const rush = Array.from({ length: 60 }, () =>
    fetch(`${server.url}${discussion}`, { headers: { cookie, Accept: "text/html" } }).then(async (response) => ({
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: await response.text(),
    })),
  );
  const guest = await fetch(`${server.url}${discussion}`);
  const answers = await Promise.all(rush);

  expect(guest.status).toBe(200);
  expect(guest.headers.get("x-page-cache")).toBe("hit");
  const statuses = answers.map((answer) => answer.status);
  expect(
    statuses.filter((status) => status !== 200 && status !== 503),
    `statuses: ${statuses.join(",")}`,
  ).toEqual([]);
  const shed = answers.filter((answer) => answer.status === 503);
  expect(shed.length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
  for (const answer of shed) {
    expect(answer.retryAfter).toBe("5");
    expect(answer.body).toContain("Das Forum ist gerade überlastet. Bitte versuchen Sie es in wenigen Sekunden erneut.");
    expect(answer.body).toContain('<html lang="de">');
  }
});
