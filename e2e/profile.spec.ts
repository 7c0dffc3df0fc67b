import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { expect, test, waitForHydration } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { E2E_STORAGE_DIR } from "./mail";
import { clientOf, createMember, createMembers, profilePathOf } from "./members";

test("avatar: upload shows everywhere, bad files are refused with the spec texts, remove deletes the file", async ({ page }) => {
  // A journey: six uploads, each a form post with an image, and the pages that show the result. 26–32 s on a
  // slow two-core machine, so a budget of its own as the other journeys have, three times that.
  test.setTimeout(90_000);
  const member = await createMember({ firstName: "Bildhauerin" });
  await signInOverHttp(page, member.email, member.password);
  await page.goto("/");
  await waitForHydration(page);
  const sidebar = page.getByTestId("sidebar");
  await sidebar.getByTestId("user-menu").locator("summary").click();
  await sidebar.getByRole("link", { name: "Profil" }).click();
  await expect(page.getByRole("heading", { level: 1, name: member.firstName })).toBeVisible();
  await page.getByRole("link", { name: "Profil bearbeiten" }).click();
  await expect(page.getByRole("heading", { name: "Profil bearbeiten" })).toBeVisible();
  const profileUrl = page.url().split("?")[0]!;

  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    await page.getByLabel("Profilbild").setInputFiles({ name, mimeType, buffer });
    await page.getByRole("button", { name: "Profilbild hochladen" }).click();
  };

  await upload("zu-gross.png", "image/png", Buffer.alloc(6 * 1024 * 1024, 1));
  await expect(page.getByText("Die Datei ist zu groß. Maximal 5MB erlaubt.")).toBeVisible();
  await upload("text.png", "image/png", Buffer.from("Ich bin nur Text und tue so, als wäre ich ein PNG."));
  await expect(page.getByText("Nur Bilddateien sind erlaubt.")).toBeVisible();

  const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c2410c" } })
    .png()
    .toBuffer();
  await upload("portrait.png", "image/png", png);
  await expect(page.getByText("Avatar erfolgreich hochgeladen")).toBeVisible();
  const avatar = page.locator('main img[src^="/storage/avatars/"]').first();
  await expect(avatar).toBeVisible();
  const src = (await avatar.getAttribute("src"))!;
  const stored = path.join(E2E_STORAGE_DIR, src.replace("/storage/", ""));
  expect(fs.existsSync(stored)).toBe(true);
  expect((await page.request.get(src)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  await expect(sidebar.locator(`img[src="${src}"]`)).toBeVisible();
  await page.goto(`/members?q=${member.lastName}`);
  await waitForHydration(page);
  await expect(page.getByTestId("member-card").first().locator(`img[src="${src}"]`)).toBeVisible();

  await page.goto(`${profileUrl}?edit=1`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Profilbild entfernen" }).click();
  await expect(page.getByText("Profilbild entfernt")).toBeVisible();
  await expect(page.locator('main img[src^="/storage/avatars/"]')).toHaveCount(0);
  expect(fs.existsSync(stored)).toBe(false);
});

test("profile edit and e-mail settings are saved", async ({ page }) => {
  const member = await createMember({ firstName: "Bearbeiterin" });
  await signInOverHttp(page, member.email, member.password);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByTestId("sidebar").getByTestId("user-menu").locator("summary").click();
  await page.getByTestId("sidebar").getByRole("link", { name: "Profil" }).click();
  await page.getByRole("link", { name: "Profil bearbeiten" }).click();
  await expect(page.getByRole("dialog", { name: "Profil bearbeiten" })).toBeVisible();
  await page.getByLabel("Unternehmen (optional)").fill("Performance Werk GmbH");
  await page.getByLabel("Erfahrung").selectOption("senior-experte");
  await page.getByLabel("Über mich").fill("SEA seit 2009.");
  await page.getByRole("button", { name: "Speichern", exact: true }).click();
  await expect(page.getByText("Profil erfolgreich aktualisiert")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByText("Performance Werk GmbH")).toBeVisible();
  await expect(page.getByText("SEA seit 2009.")).toBeVisible();

  const replies = page.getByLabel("Antworten auf Diskussionen per E-Mail");
  await page.getByLabel(/^E-Mail-Benachrichtigungen/).uncheck();
  await expect(replies).toBeDisabled();
  await page.getByRole("button", { name: "Einstellungen speichern" }).click();
  await expect(page.getByText("E-Mail-Einstellungen erfolgreich gespeichert!")).toBeVisible();
  await expect(page.getByLabel(/^E-Mail-Benachrichtigungen/)).not.toBeChecked();
  await expect(replies).toBeDisabled();
});

test("plain HTTP: others cannot change a profile or avatar, export is own data only, deletion keeps posts as 'Gelöschter Benutzer'", async () => {
  // Both of this test's own: Lotte writes, exports and deletes; someone else tries her profile.
  const [lotte, someone] = await createMembers([{ firstName: "Lotte", lastName: "Löscher" }, { firstName: "Fremde" }]);
  const email = lotte.email;
  const member = await clientOf(lotte);
  const other = await clientOf(someone);
  const profilePath = await profilePathOf(lotte);
  const title = `Bleibt nach Löschung ${Date.now()}`;
  expect(
    (
      await member.post("/create-discussion", {
        form: { similarSeen: "1", title, category: "tools", content: "Inhalt", contentFormat: "text" },
        maxRedirects: 0,
      })
    ).status(),
  ).toBe(302);

  // Someone else may not touch Lotte's profile or avatar.
  const change = await other.post(profilePath, {
    form: { intent: "update-profile", firstName: "Gekapert", lastName: "X", expertise: "seo", experience: "experte" },
    maxRedirects: 0,
  });
  expect(change.status()).toBe(403);
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  const avatar = await other.post(profilePath, {
    multipart: { intent: "upload-avatar", avatar: { name: "a.png", mimeType: "image/png", buffer: png } },
    maxRedirects: 0,
  });
  expect(avatar.status()).toBe(403);
  expect((await other.get(`${profilePath}/export`, { maxRedirects: 0 })).status()).toBe(403);

  const exported = await member.get(`${profilePath}/export`);
  expect(exported.headers()["content-disposition"]).toMatch(/attachment/);
  const data = await exported.json();
  expect(data.account.email).toBe(email);
  expect(data.discussions.map((d: { title: string }) => d.title)).toEqual([title]);
  expect(JSON.stringify(data)).not.toContain(someone.email);

  const wrong = await member.post(profilePath, { form: { intent: "delete-account", confirmation: "ja" }, maxRedirects: 0 });
  expect(wrong.status()).toBe(400);
  const deleted = await member.post(profilePath, { form: { intent: "delete-account", confirmation: "LÖSCHEN" }, maxRedirects: 0 });
  expect(deleted.status()).toBe(302);

  const again = await member.post("/auth", { form: { intent: "sign-in", email, password: lotte.password }, maxRedirects: 0 });
  expect(again.status()).toBe(401);
  const home = await (await other.get("/")).text();
  expect(home).toContain(title);
  const discussionHtml = await (await other.get(`/discussion/${title.toLowerCase().replace(/ö/g, "oe").replace(/\s+/g, "-")}`)).text();
  expect(discussionHtml).toContain("Gelöschter Benutzer");
  expect((await other.get(profilePath)).status()).toBe(404);
  await Promise.all([member.dispose(), other.dispose()]);
});
