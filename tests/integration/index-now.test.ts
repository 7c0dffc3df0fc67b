import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { indexNowQueue, jobs } from "../../db/schema";
import { categoryHref } from "~/lib/categories";
import { loader as keyLoader } from "~/routes/index-now-key";
import { db } from "~/server/db";
import { createComment, createDiscussion, getDiscussionBySlug, updateDiscussion } from "~/server/discussions";
import { ensureSchedules, runDueJobs } from "~/server/jobs";
import { env, isPublicHttpsUrl } from "~/server/platform";
import { indexNowKey, submitDueIndexNow } from "~/server/seo";
import { moderateDiscussion } from "~/server/moderation";
import type { Viewer } from "~/server/accounts";
import { commentOn } from "../support/content";
import { makeViewer } from "../support/members";

interface Submission {
  contentType: string | undefined;
  body: { host: string; key: string; keyLocation: string; urlList: string[] };
}

/** A local stand-in for api.indexnow.org: records each POST, answers with the next status in line (200 when none). */
const received: Submission[] = [];
const statuses: number[] = [];
let receiver: Server;
let endpoint: string;

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

const PUBLIC = "https://forum.example.org";
const original = { PUBLIC_URL: env.PUBLIC_URL, INDEXNOW_ENDPOINT: env.INDEXNOW_ENDPOINT };
let author: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      received.push({ contentType: request.headers["content-type"], body: JSON.parse(text) as Submission["body"] });
      response.writeHead(statuses.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/indexnow`;
  author = await makeViewer({ firstName: "Ida" });
  moderator = await makeViewer({ firstName: "Mo", role: "moderator" });
});

afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(async () => {
  received.length = 0;
  statuses.length = 0;
  env.INDEXNOW_ENDPOINT = endpoint;
  await db.delete(indexNowQueue);
});

afterEach(() => {
  Object.assign(env, original);
});

async function publish(title: string, category: "seo" | "general" = "seo") {
  const outcome = await createDiscussion(author, {
    title,
    category,
    content: "<p>Inhalt</p>",
    contentFormat: "html",
    assignedTo: undefined,
  });
  if (!outcome.ok) throw new Error(outcome.reason);
  return (await getDiscussionBySlug(outcome.value.slug))!;
}

describe("which addresses take part", () => {
  it("only public https addresses", () => {
    expect(isPublicHttpsUrl("https://forum.example.org")).toBe(true);
    expect(isPublicHttpsUrl("https://93.184.215.14")).toBe(true);
    for (const url of [
      "http://forum.example.org",
      "https://localhost:3000",
      "https://forum.localhost",
      "https://127.0.0.1",
      "https://10.1.2.3",
      "https://172.20.0.5",
      "https://192.168.178.20",
      "https://169.254.1.1",
      "https://[::1]",
      "https://[fd00::1]",
      "https://intranet",
      "https://nas.local",
    ]) {
      expect(isPublicHttpsUrl(url), url).toBe(false);
    }
  });
});

describe("IndexNow submissions", () => {
  it("record nothing and send nothing when PUBLIC_URL is not public", async () => {
    for (const publicUrl of ["http://localhost:3000", "https://192.168.1.10", "http://forum.example.org"]) {
      env.PUBLIC_URL = publicUrl;
      const discussion = await publish(`Lokal veröffentlicht ${publicUrl}`);
      await updateDiscussion(author, {
        discussionId: discussion.id,
        title: discussion.title,
        category: "sea",
        content: "<p>Neu</p>",
        contentFormat: "html",
      });
      await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Test" });
      expect(await submitDueIndexNow()).toBe(0);
    }
    expect(await db.select().from(indexNowQueue)).toEqual([]);
    expect(received).toEqual([]);
  });

  it("send a published, edited and hidden discussion with its list pages in one POST with host and key", async () => {
    env.PUBLIC_URL = PUBLIC;
    const moved = await publish("Wird verschoben");
    const hidden = await publish("Wird ausgeblendet", "general");
    const edited = await updateDiscussion(author, {
      discussionId: moved.id,
      title: "Wird verschoben",
      category: "sea",
      content: "<p>Neu</p>",
      contentFormat: "html",
    });
    expect(edited.ok).toBe(true);
    expect((await moderateDiscussion(moderator, { discussionId: hidden.id, action: "hide-discussion", reason: "Off-Topic" })).ok).toBe(
      true,
    );
    // Nothing went out during the writes: only the worker sends.
    expect(received).toEqual([]);

    const expected = [
      `${PUBLIC}/discussion/${moved.slug}`,
      `${PUBLIC}/discussion/${hidden.slug}`,
      `${PUBLIC}/`,
      `${PUBLIC}/subforum/seo`,
      `${PUBLIC}/subforum/sea`,
      `${PUBLIC}${categoryHref("general")}`,
    ].filter((url, index, all) => all.indexOf(url) === index);
    expect(await submitDueIndexNow()).toBe(expected.length);
    expect(received).toHaveLength(1);
    const key = await indexNowKey();
    const [submission] = received;
    expect(submission!.contentType).toMatch(/^application\/json/);
    expect(submission!.body.host).toBe("forum.example.org");
    expect(submission!.body.key).toBe(key);
    expect(submission!.body.keyLocation).toBe(`${PUBLIC}/${key}.txt`);
    expect([...submission!.body.urlList].sort()).toEqual(expected.sort());
    // Sent once: the next round has nothing to do.
    expect(await submitDueIndexNow()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it("send a restored discussion again, and nothing for an edit nobody can see", async () => {
    env.PUBLIC_URL = PUBLIC;
    const discussion = await publish("Ausgeblendet, bearbeitet, zurück");
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "hide-discussion", reason: "Prüfung" })).ok).toBe(
      true,
    );
    await submitDueIndexNow();
    received.length = 0;
    await updateDiscussion(moderator, {
      discussionId: discussion.id,
      title: discussion.title,
      category: "seo",
      content: "<p>Still geändert</p>",
      contentFormat: "html",
    });
    expect(await submitDueIndexNow()).toBe(0);
    expect((await moderateDiscussion(moderator, { discussionId: discussion.id, action: "restore-discussion" })).ok).toBe(true);
    expect(await submitDueIndexNow()).toBeGreaterThan(0);
    expect(received).toHaveLength(1);
    expect(received[0]!.body.urlList).toContain(`${PUBLIC}/discussion/${discussion.slug}`);
  });

  it("send a discussion's page once for all the comments written since the last POST, and not for a held one", async () => {
    env.PUBLIC_URL = PUBLIC;
    const discussion = await publish("Viele Antworten");
    await submitDueIndexNow();
    received.length = 0;
    const answering = await makeViewer({ firstName: "Ana" });
    const first = await commentOn(discussion.id, answering, { content: "Erste Antwort" });
    await commentOn(discussion.id, answering, { content: "Zweite Antwort", parentId: first });
    await commentOn(discussion.id, author, { content: "Dritte Antwort" });
    expect(received).toEqual([]);
    expect(await submitDueIndexNow()).toBe(1);
    expect(received.map((submission) => submission.body.urlList)).toEqual([[`${PUBLIC}/discussion/${discussion.slug}`]]);

    // A new member's link-laden comment waits for review: nothing public changed, so nothing is sent.
    const newcomer = await makeViewer({ firstName: "Neu" });
    const held = await createComment(newcomer, {
      discussionId: discussion.id,
      content: "https://eins.example/a https://zwei.example/b https://drei.example/c",
      contentFormat: "text",
    });
    expect(held.ok && held.value.held).toBe(true);
    expect(await submitDueIndexNow()).toBe(0);
  });

  it("send at most one batch's worth per POST", async () => {
    env.PUBLIC_URL = PUBLIC;
    await publish("Stapel eins");
    await publish("Stapel zwei");
    expect(await submitDueIndexNow(2)).toBe(2);
    expect(await submitDueIndexNow(2)).toBe(2);
    expect(received.map((submission) => submission.body.urlList.length)).toEqual([2, 2]);
  });

  it("try a failed POST again after a pause, with the same URLs", async () => {
    env.PUBLIC_URL = PUBLIC;
    const discussion = await publish("Erst Fehler, dann angekommen");
    // The submission runs as a schedule of the job runner, which keeps the pause after a failure.
    await ensureSchedules();
    const submit = () => runDueJobs({ kinds: ["index-now"] });
    statuses.push(500);
    expect(await submit()).toBe(0);
    expect(received).toHaveLength(1);
    for (const row of await db.select().from(indexNowQueue)) expect(row.status).toBe("pending");
    const [failed] = await db.select().from(jobs).where(eq(jobs.kind, "index-now"));
    expect(failed).toMatchObject({ status: "pending", attempts: 1, lockedUntil: null });
    expect(failed!.lastError).toContain("500");
    expect(failed!.runAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Not due yet.
    expect(await submit()).toBe(0);
    expect(received).toHaveLength(1);
    // The pause is over.
    await db
      .update(jobs)
      .set({ runAt: sql`now() - interval '1 second'` })
      .where(eq(jobs.kind, "index-now"));
    expect(await submit()).toBe(1);
    expect(received).toHaveLength(2);
    expect([...received[1]!.body.urlList].sort()).toEqual([...received[0]!.body.urlList].sort());
    expect(received[1]!.body.urlList).toContain(`${PUBLIC}/discussion/${discussion.slug}`);
    expect((await db.select().from(indexNowQueue).where(eq(indexNowQueue.status, "sent"))).length).toBe(3);
    // Success ends the pauses: the next run is the schedule's own, half a minute on.
    const [settled] = await db.select().from(jobs).where(eq(jobs.kind, "index-now"));
    expect(settled).toMatchObject({ status: "pending", attempts: 0, lastError: null });
    expect(settled!.runAt.getTime()).toBeLessThan(Date.now() + 31_000);
  });
});

describe("the key file", () => {
  it("is served at /{key}.txt as plain text, the same key every time; other names are not found", async () => {
    const key = await indexNowKey();
    expect(key).toMatch(/^[a-f0-9]{32}$/);
    const response = await keyLoader({ params: { key }, request: new Request(`http://localhost/${key}.txt`), context: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(key);
    expect(
      (await keyLoader({ params: { key: "falsch" }, request: new Request("http://localhost/falsch.txt"), context: {} } as never)).status,
    ).toBe(404);
    expect(await indexNowKey()).toBe(key);
  });
});
