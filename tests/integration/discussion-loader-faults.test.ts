/**
 * A lost database connection fails the request that used it, never the process: the discussion's loader starts
 * the related discussions' read early and awaits it late, and a failure of both that read and a later one (a
 * database restart ends every connection at once) must not leave a rejected promise nobody handles. Node ends
 * the process on one; Vitest fails this file on one. Found by the fault tests (tests/faults/database-restart.test.ts).
 */
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type * as search from "~/server/search";
import { discussionBy } from "../support/content";
import { makeViewer } from "../support/members";

const lost = vi.hoisted(() => ({ related: false }));

vi.mock("~/server/search", async (importOriginal) => {
  const original = await importOriginal<typeof search>();
  return {
    ...original,
    relatedDiscussions: (source: Parameters<typeof original.relatedDiscussions>[0]) =>
      lost.related ? Promise.reject(new Error("terminating connection due to administrator command")) : original.relatedDiscussions(source),
  };
});

const { loader } = await import("~/routes/discussion");

let slug: string;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  slug = (await discussionBy(await makeViewer(), { title: "Verbindung verloren beim Lesen" })).slug;
  process.on("unhandledRejection", onUnhandled);
});

afterAll(() => {
  process.off("unhandledRejection", onUnhandled);
});

it("leaves no rejected read behind when the page fails after the related discussions' read failed too", async () => {
  lost.related = true;
  // Past the last page: the loader fails (a 404, or the lost connection) while the related read has failed.
  const request = new Request(`http://localhost:3000/discussion/${slug}?page=9`);
  const args = { request, params: { slug }, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never;
  await expect(loader(args)).rejects.toBeDefined();
  // Node reports an unhandled rejection after the microtasks of the turn that made it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(unhandled).toEqual([]);
});

it("fails the request, not silently, when only the related discussions' read fails", async () => {
  lost.related = true;
  const request = new Request(`http://localhost:3000/discussion/${slug}`);
  const args = { request, params: { slug }, context: { cspNonce: "", clientIp: "127.0.0.1" } } as never;
  await expect(loader(args)).rejects.toThrow("terminating connection");
});
