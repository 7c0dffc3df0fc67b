import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { clientOf, profilePathOf, type Member } from "./members";
import { discussionWithComment } from "./moderation-helpers";

/**
 * Direct messages over plain HTTP (decision 0062), for the specs that need a conversation to look at: the forms'
 * own actions, as a browser without JavaScript sends them.
 */

/** The member's id, from their profile's address. */
export async function memberIdOf(member: Member): Promise<string> {
  return (await profilePathOf(member)).split("/").at(-1)!;
}

/**
 * A member without a published post writes only to members they know (decision 0062): the test's starter publishes
 * a discussion with a comment first, as a person who has been around a little would have.
 */
export async function publishSomething(member: Member): Promise<void> {
  const client = await clientOf(member);
  try {
    await discussionWithComment(client, `Erster Beitrag von ${member.lastName}`, "Schön, hier zu sein.");
  } finally {
    await client.dispose();
  }
}

/** Starts a conversation with these members by its first message; the thread's path. */
export async function startConversationOverHttp(
  client: APIRequestContext,
  recipientIds: string[],
  content: string,
  subject?: string,
): Promise<string> {
  const form = new URLSearchParams({ content, contentFormat: "text", ...(subject ? { subject } : {}) });
  for (const id of recipientIds) form.append("to", id);
  const response = await client.post("/messages/new", {
    data: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    maxRedirects: 0,
  });
  expect(response.status(), `start a conversation: ${await response.text().catch(() => "")}`).toBe(302);
  const path = response.headers().location ?? "";
  expect(path).toMatch(/^\/messages\/[0-9a-f-]{36}$/);
  return path;
}

/** A message in the conversation; its id (the redirect's anchor). */
export async function sendOverHttp(client: APIRequestContext, conversationPath: string, content: string): Promise<string> {
  const response = await client.post(conversationPath, { form: { intent: "send", content, contentFormat: "text" }, maxRedirects: 0 });
  expect(response.status(), `send in ${conversationPath}`).toBe(302);
  const id = /#message-([0-9a-f-]{36})$/.exec(response.headers().location ?? "")?.[1];
  expect(id, "the new message's anchor").toBeTruthy();
  return id!;
}

/** The review queue's page (last first: new items are at its end) whose reported message holds `marker`. */
export async function moderationPageWith(staff: Page, marker: string): Promise<string> {
  const first = await (await staff.request.get("/moderation")).text();
  const pages = Math.max(1, ...[...first.matchAll(/aria-label="Seite (\d+)"/g)].map((match) => Number(match[1])));
  for (let page = pages; page >= 1; page--) {
    const path = page === 1 ? "/moderation" : `/moderation?page=${page}`;
    const html = page === 1 ? first : await (await staff.request.get(path)).text();
    if (html.includes(marker)) return path;
  }
  throw new Error(`no review item shows ${marker}`);
}
