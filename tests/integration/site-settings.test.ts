import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, indexNowQueue, siteSettingsVersions } from "../../db/schema";
import { siteSettingsSchema, type SiteSettings } from "~/lib/schemas/settings";
import { site } from "~/lib/site";
import { rulesSection } from "~/lib/legal";
import { updateSiteSettings, type SiteSettingsInput } from "~/server/admin";
import { db } from "~/server/db";
import { env } from "~/server/platform";
import {
  currentSiteSettings,
  defaultSiteSettings,
  listSiteSettingsVersions,
  mailSiteSettings,
  renderLegalMarkdown,
  siteSettingsVersionDiff,
  startSiteSettingsListener,
} from "~/server/settings";
import type { Viewer } from "~/server/accounts";
import { makeViewer } from "../support/members";

// The operator's settings (decision 0049) on PGlite and on PostgreSQL (`npm run test:db`).

let admin: Viewer;
let otherAdmin: Viewer;
let moderator: Viewer;

beforeAll(async () => {
  admin = await makeViewer({ role: "admin", firstName: "Ada", lastName: "Admin" });
  otherAdmin = await makeViewer({ role: "admin", firstName: "Otto", lastName: "Zweit" });
  moderator = await makeViewer({ role: "moderator" });
});

async function latestVersion(): Promise<number> {
  const [row] = await db
    .select({ version: siteSettingsVersions.version })
    .from(siteSettingsVersions)
    .orderBy(desc(siteSettingsVersions.version))
    .limit(1);
  return row?.version ?? 0;
}

async function save(actor: Viewer, change: Partial<SiteSettings>) {
  const { settings, version } = await currentSiteSettings();
  return updateSiteSettings(actor, { ...settings, ...change, baseVersion: version } satisfies SiteSettingsInput);
}

describe("a fresh install", () => {
  it("shows the defaults of app/lib/site.ts, and the legal texts with the anchors other pages link to", async () => {
    const current = await currentSiteSettings();
    if (current.version !== 0) return; // another test of this file saved first (files run alone; tests in order)
    expect(current.settings.company).toBe(site.operator.company);
    expect(current.settings.vatId).toBe(site.operator.vatId);
    expect(current.pages.terms).toContain(`<h2 id="verhalten">§ 3 Verhalten der Nutzer</h2>`);
    expect(rulesSection.href).toBe("/agb#verhalten");
    expect(current.pages.terms).toContain(`„${site.name}“, das von der ${site.operator.company}`);
    expect(current.pages.privacy).toContain(`<h2 id="cookies">4. Cookies und lokaler Speicher</h2>`);
    expect(current.pages.privacy).toContain(
      `<div class="table-scroll" role="region" aria-label="4. Cookies und lokaler Speicher" tabindex="0"><table>`,
    );
    expect(current.pages.imprint).toContain(`<a href="/legal-notice">Rechtswidrigen Inhalt melden</a>`);
  });

  it("passes its own schema, so a first save of the unchanged form is refused as no change", async () => {
    expect(siteSettingsSchema.parse(defaultSiteSettings)).toEqual(defaultSiteSettings);
  });
});

describe("saving", () => {
  it("stores a version with who and what, writes the audit entry and queues the changed pages for IndexNow", async () => {
    const before = await latestVersion();
    const outcome = await save(admin, {
      vatId: "de 123456789",
      termsText: `${defaultSiteSettings.termsText}\n\n## § 6 Neu\n\nEin neuer Absatz.`,
    });
    expect(outcome).toEqual({ ok: true, value: { version: before + 1 } });
    const current = await currentSiteSettings();
    expect(current.version).toBe(before + 1);
    // Kept in the form the Impressum shows it.
    expect(current.settings.vatId).toBe("DE 123 456 789");
    expect(current.pages.terms).toContain("<h2>§ 6 Neu</h2>");

    const [version] = await listSiteSettingsVersions(1);
    expect(version).toMatchObject({ version: before + 1, changedByName: "Ada Admin", summary: "Umsatzsteuer-ID, AGB" });
    const diff = await siteSettingsVersionDiff(before + 1);
    expect(diff?.changes.map((change) => change.label)).toEqual(["Umsatzsteuer-ID", "AGB"]);
    expect(diff?.changes[0]!.lines).toEqual([
      { kind: "removed", text: before === 0 ? site.operator.vatId : expect.any(String) },
      { kind: "added", text: "DE 123 456 789" },
    ]);
    expect(diff?.changes[1]!.lines.filter((line) => line.kind === "added").map((line) => line.text)).toEqual([
      "",
      "## § 6 Neu",
      "",
      "Ein neuer Absatz.",
    ]);

    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "update-site-settings"))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "site-settings", targetId: String(before + 1) });
    expect(entry!.details, entry!.details ?? "").toContain("→ DE 123 456 789");
    expect(entry!.details).toContain("AGB geändert");
  });

  it("refuses members and moderators, writing nothing", async () => {
    const before = await latestVersion();
    for (const actor of [moderator, await makeViewer({})]) {
      expect(await save(actor, { tagline: "Übernommen" })).toMatchObject({ ok: false, reason: "forbidden" });
    }
    expect(await latestVersion()).toBe(before);
  });

  it("refuses a save on an old version (another administrator saved in between), naming who", async () => {
    const { settings, version } = await currentSiteSettings();
    expect((await save(otherAdmin, { phone: "+49 30 7654321" })).ok).toBe(true);
    const late = await updateSiteSettings(admin, { ...settings, representatives: "Jemand Anderes", baseVersion: version });
    expect(late).toMatchObject({ ok: false, reason: "conflict" });
    expect(late.ok ? "" : late.message).toContain("Otto Zweit hat die Einstellungen inzwischen geändert");
    expect((await currentSiteSettings()).settings.representatives).not.toBe("Jemand Anderes");
  });

  it("saves no empty version", async () => {
    const before = await latestVersion();
    expect(await save(admin, {})).toMatchObject({ ok: false, reason: "invalid", message: expect.stringContaining("nichts geändert") });
    expect(await latestVersion()).toBe(before);
  });
});

describe("validation (German messages)", () => {
  const form = (change: Record<string, unknown>) => siteSettingsSchema.safeParse({ ...defaultSiteSettings, ...change });
  const messageOf = (change: Record<string, unknown>) => {
    const parsed = form(change);
    return parsed.success ? null : parsed.error.issues[0]!.message;
  };

  it("checks the VAT id, the e-mail addresses, the company and the offices", () => {
    expect(messageOf({ vatId: "DE 12345678" })).toBe("Die Umsatzsteuer-ID besteht aus DE und neun Ziffern, z. B. DE 123 456 789.");
    expect(messageOf({ vatId: "AT U12345678" })).toBe("Die Umsatzsteuer-ID besteht aus DE und neun Ziffern, z. B. DE 123 456 789.");
    expect(messageOf({ email: "kontakt(at)agentur.de" })).toBe(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. kontakt@agentur.de.",
    );
    expect(messageOf({ dsaEmail: "" })).toBe("Bitte geben Sie die E-Mail-Adresse der Kontaktstelle nach dem DSA ein.");
    expect(messageOf({ company: "   " })).toBe("Bitte geben Sie den Namen des Unternehmens ein.");
    expect(messageOf({ offices: [] })).toBe("Bitte geben Sie mindestens den Sitz des Unternehmens an.");
    const halfOffice = form({ offices: [{}, { label: "Büro", street: "Weg 1", postalCode: "123", city: "Köln" }] });
    expect(halfOffice.success).toBe(false);
    // The error stands at the slot that holds it, not where the empty slot before it was dropped.
    expect(halfOffice.error?.issues[0]).toMatchObject({
      path: ["offices", 1, "postalCode"],
      message: "Die Postleitzahl hat fünf Ziffern.",
    });
    expect(form({ offices: [{}, { label: "Büro", street: "Weg 1", postalCode: "50667", city: "Köln" }, null] }).data?.offices).toEqual([
      { label: "Büro", street: "Weg 1", postalCode: "50667", city: "Köln" },
    ]);
    expect(messageOf({ termsText: " \n " })).toBe("Bitte geben Sie den Text der AGB ein.");
  });
});

describe("the legal texts' Markdown", () => {
  const names = { forumName: "Forum <b>", company: "A & B *GmbH*" };
  it("shows typed HTML as text and drops links a browser could run", () => {
    const html = renderLegalMarkdown(
      [
        "<script>alert(1)</script> <img src=x onerror=alert(1)>",
        "[eins](javascript:alert(1)) [zwei](JaVaScRiPt&colon;alert(1)) [drei](data:text/html,x) [vier](//evil.example/)",
        "[gut](https://example.com/) [intern](/impressum) [mail](mailto:a@b.de)",
        "## Titel {#ok} ",
        "## Böse {onclick=alert(1) #x}",
        "# Eins",
      ].join("\n\n"),
      names,
    );
    // Typed HTML is text: no element of it, no event handler on any element.
    expect(html).not.toMatch(/<(script|img)\b|<[^>]*\son\w+=/i);
    expect([...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])).toEqual(["https://example.com/", "/impressum", "mailto:a@b.de"]);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain(`<a href="https://example.com/">gut</a>`);
    expect(html).toContain(`<a href="/impressum">intern</a>`);
    expect(html).toContain(`<a href="mailto:a@b.de">mail</a>`);
    expect(html).toContain(`<h2 id="ok">Titel</h2>`);
    // The page's h1 is its title.
    expect(html).toContain("<h2>Eins</h2>");
  });

  it("fills {{Forum}} and {{Betreiber}} as text", () => {
    const html = renderLegalMarkdown("{{Forum}} von der {{Betreiber}}", names);
    expect(html).toBe("<p>Forum &lt;b&gt; von der A &amp; B *GmbH*</p>\n");
  });
});

describe("every process's copy", () => {
  let stop: () => Promise<void>;
  const cleared: number[] = [];
  beforeAll(async () => {
    stop = await startSiteSettingsListener(() => cleared.push(Date.now()));
  });
  afterAll(async () => stop());

  it("is kept, and dropped (with the guests' pages) after a save and after a change made outside the app", async () => {
    const first = await currentSiteSettings();
    expect(await currentSiteSettings()).toBe(first);
    const clearedBefore = cleared.length;
    expect((await save(admin, { tagline: "Nach dem Speichern" })).ok).toBe(true);
    // The service drops this process's copy at once: the administrator's next page shows the change.
    expect(cleared.length).toBeGreaterThan(clearedBefore);
    const second = await currentSiteSettings();
    expect(second.settings.tagline).toBe("Nach dem Speichern");
    expect(mailSiteSettings().forumName).toBe(second.settings.forumName);

    // The save's own NOTIFY drops the copy once more when it arrives. Counted before going on: arriving late, it
    // would drop the copy after the write below and pass for that write's NOTIFY (clean-clone CI failed so once).
    await vi.waitFor(() => expect(cleared.length).toBeGreaterThanOrEqual(clearedBefore + 2), { timeout: 5_000, interval: 10 });

    // Another process (or a console) writes a version: the trigger's NOTIFY drops the copy here too.
    const clearedThen = cleared.length;
    await db.insert(siteSettingsVersions).values({
      version: second.version + 1,
      settings: { ...second.settings, forumName: "Von außen" },
      changedByName: "psql",
      summary: "Name des Forums",
    });
    // Waited for first: a read begun before the NOTIFY may already see the new row, and would pass without it.
    await vi.waitFor(() => expect(cleared.length).toBeGreaterThan(clearedThen), { timeout: 5_000, interval: 10 });
    expect((await currentSiteSettings()).settings.forumName).toBe("Von außen");
    await vi.waitFor(() => expect(mailSiteSettings().forumName).toBe("Von außen"), { timeout: 5_000, interval: 10 });
  });

  it("falls back to a field's default when a stored version no longer passes", async () => {
    const { version, settings } = await currentSiteSettings();
    await db.insert(siteSettingsVersions).values({
      version: version + 1,
      settings: { ...settings, vatId: "kaputt", company: "Noch gültig GmbH" },
      changedByName: "psql",
      summary: "Umsatzsteuer-ID",
    });
    await vi.waitFor(
      async () => {
        if ((await currentSiteSettings()).version !== version + 1) throw new Error("still the old settings");
      },
      { timeout: 5_000, interval: 10 },
    );
    const current = await currentSiteSettings();
    expect(current.settings.vatId).toBe(defaultSiteSettings.vatId);
    expect(current.settings.company).toBe("Noch gültig GmbH");
  });
});

describe("search engines", () => {
  it("hear of the legal pages whose words changed (where IndexNow is set up: a public https address)", async () => {
    const original = env.PUBLIC_URL;
    env.PUBLIC_URL = "https://forum.example.com";
    try {
      await db.execute(sql`delete from ${indexNowQueue}`);
      expect((await save(admin, { privacyText: `${defaultSiteSettings.privacyText}\n\nNeu.` })).ok).toBe(true);
      expect((await db.select({ path: indexNowQueue.path }).from(indexNowQueue)).map((row) => row.path)).toEqual(["/datenschutz"]);
      await db.execute(sql`delete from ${indexNowQueue}`);
      expect((await save(admin, { company: "Südstern Werbeagentur GmbH" })).ok).toBe(true);
      expect((await db.select({ path: indexNowQueue.path }).from(indexNowQueue)).map((row) => row.path).sort()).toEqual([
        "/agb",
        "/datenschutz",
        "/impressum",
      ]);
    } finally {
      env.PUBLIC_URL = original;
    }
  });
});
