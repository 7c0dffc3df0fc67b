import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { rawGet, type RawResponse } from "../tests/support/raw-http";
import { SESSION_COOKIE_NAME, sessionCookieVariants } from "../tests/support/session-cookie-variants";
import { storageStateOf, type Role } from "./auth-helpers";

/**
 * Plain HTTP, over bare sockets: a member's session cookie in every spelling
 * some cookie parser might accept. Whatever the spelling, the member's page
 * (their name, "Abmelden", the bell) is never stored in the guest page cache
 * and never reaches a following guest (app/server/page-cache.server.ts).
 */

/** Only a signed-in person has a sign-out in the user menu and a bell linking to their notifications. */
const MEMBER_MARKERS = ["Abmelden", 'href="/notifications"'];

function sessionValue(role: Role): string {
  const state = JSON.parse(fs.readFileSync(storageStateOf(role), "utf8")) as { cookies: { name: string; value: string }[] };
  const cookie = state.cookies.find((candidate) => candidate.name === SESSION_COOKIE_NAME);
  if (!cookie) throw new Error(`keine Sitzung für ${role} in ${storageStateOf(role)}`);
  return cookie.value;
}

const memberMarker = (response: RawResponse) => MEMBER_MARKERS.find((marker) => response.body.includes(marker));

for (const role of ["member", "moderator"] as const) {
  test(`a ${role}'s session cookie, however spelt, never puts their page into the guest cache`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    const base = baseURL!;
    const discussion = /href="(\/discussion\/[^"#?]+)"/.exec((await rawGet(base, "/subforum/ai")).body)?.[1];
    expect(discussion).toBeDefined();
    const run = `${role}-${Date.now().toString(36)}`;
    const signedIn: string[] = [];

    for (const [index, variant] of sessionCookieVariants(sessionValue(role)).entries()) {
      for (const target of ["/", discussion!]) {
        // A URL of its own: this variant's request is the first to ask for it, so it would fill the cache.
        const url = `${target}?probe=${run}-${index}`;
        const label = `${variant.label} (${JSON.stringify(variant.headers)}) auf ${target}`;
        const asMember = await rawGet(
          base,
          url,
          variant.headers.map((value) => ["Cookie", value]),
        );
        // Soft: one run names every spelling that gets through, not only the first.
        expect.soft(asMember.status, label).toBeLessThan(500);
        if (memberMarker(asMember)) {
          signedIn.push(variant.label);
          expect.soft(asMember.headers["x-page-cache"], label).toBeUndefined();
          expect.soft(asMember.headers["cache-control"], label).toMatch(/private/);
        }
        const guest = await rawGet(base, url);
        expect.soft(guest.status, label).toBe(200);
        expect.soft(memberMarker(guest), `${label}: ${guest.headers["x-page-cache"] ?? "nicht gecacht"}`).toBeUndefined();
      }
    }
    // Not vacuous: the cookie as a browser sends it does sign in.
    expect(signedIn).toContain("as the browser sends it");
    test.info().annotations.push({ type: "angemeldet durch", description: [...new Set(signedIn)].join("; ") });
  });
}

test("guests still share the cached page with a sidebar or theme cookie, whatever else they send", async ({ baseURL }) => {
  const base = baseURL!;
  const url = `/?probe=guest-${Date.now().toString(36)}`;
  const cookies = "sidebar_state=false; theme=dark; _pk_id=abc";
  // Other tests write meanwhile, and a write empties the lists: ask until it comes from the cache.
  await expect.poll(async () => (await rawGet(base, url, [["Cookie", cookies]])).headers["x-page-cache"], { timeout: 15_000 }).toBe("hit");
  const page = await rawGet(base, url, [["Cookie", "theme=dark; sidebar_state=false"]]);
  expect(page.headers["x-page-cache"]).toBe("hit");
  expect(page.body).toContain('data-theme="dark"');
  expect(memberMarker(page)).toBeUndefined();
});
