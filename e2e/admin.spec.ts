import { expect, test, testClientIp, waitForHydration } from "./fixtures";
import { pageAs, signIn, signInOverHttp, signUpOverHttp } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { clientOf, createMember, createMembers, pageOf, profilePathOf, setUpAppIn } from "./members";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/** A browser of its own per person, each with its own client IP (per-IP rate limits). */
test("admin approves, rejects and creates a moderator; the moderator pins, locks and hides; members see the result; the log shows it all", async ({
  page,
  visit,
  request,
  browser,
}) => {
  // Four people and some thirty pages: about 40 s on a busy two-core machine.
  test.setTimeout(150_000);
  const id = unique();
  const approved = { firstName: "Paula", lastName: `Freigabe${id}`, email: `paula.${id}@example.com`, password: "paula-passwort" };
  const rejected = { firstName: "Rolf", lastName: `Abgelehnt${id}`, email: `rolf.${id}@example.com`, password: "rolf-passwort" };
  const moderator = { username: `Mira Moderation${id}`, email: `mira.${id}@example.com`, password: "mira-passwort" };

  // Two people register and confirm their addresses.
  const since = Date.now();
  await signUpOverHttp(request, approved);
  await signUpOverHttp(request, rejected);
  for (const person of [approved, rejected]) {
    const mail = await waitForMail(person.email, "verification", since);
    await request.get(linkIn(mail, "/auth/verify-email"), { headers: { "X-Forwarded-For": testClientIp() } });
  }

  // The administrator (one of this test's own, so the log's filter shows this journey's steps only) approves one,
  // rejects the other and creates a moderator.
  const own = await createMember({ role: "admin" });
  const admin = await pageOf(browser, own);
  await admin.goto("/admin");
  await waitForHydration(admin);
  await admin.getByRole("button", { name: `${approved.firstName} ${approved.lastName} genehmigen` }).click();
  await expect(admin.getByText("Benutzer erfolgreich genehmigt")).toBeVisible();
  await admin.getByRole("button", { name: `${rejected.firstName} ${rejected.lastName} ablehnen` }).click();
  await expect(admin.getByText("Benutzer abgelehnt", { exact: true })).toBeVisible();
  await expect(admin.getByRole("button", { name: `${rejected.firstName} ${rejected.lastName} ablehnen` })).toHaveCount(0);
  // Both lists refresh: the approved member now appears in the role list as member.
  const approvedRow = admin.getByTestId("member-row").filter({ hasText: approved.email });
  await expect(approvedRow).toContainText("Mitglied");

  await admin.getByRole("link", { name: "Benutzer erstellen" }).click();
  const dialog = admin.getByRole("dialog", { name: "Neuen Benutzer erstellen" });
  await expect(dialog).toBeVisible();
  // The spec's validation texts, before anything is sent.
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(dialog.getByText("Gültige E-Mail-Adresse erforderlich")).toBeVisible();
  await expect(dialog.getByText("Benutzername erforderlich")).toBeVisible();
  await dialog.getByLabel("E-Mail").fill(moderator.email);
  await dialog.getByLabel("Passwort").fill("123");
  await dialog.getByLabel("Benutzername").fill(moderator.username);
  await dialog.getByLabel("Expertise").selectOption("seo");
  await dialog.getByLabel("Erfahrung").selectOption("experte");
  await expect(dialog.getByLabel("Rolle")).toHaveValue("member");
  await dialog.getByLabel("Rolle").selectOption("moderator");
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(dialog.getByText("Passwort muss mindestens 6 Zeichen lang sein")).toBeVisible();
  await dialog.getByLabel("Passwort").fill(moderator.password);
  await dialog.getByRole("button", { name: "Benutzer erstellen" }).click();
  await expect(admin.getByText("Benutzer erfolgreich erstellt")).toBeVisible();
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  const moderatorRow = admin.getByTestId("member-row").filter({ hasText: moderator.email });
  await expect(moderatorRow.getByRole("combobox")).toHaveValue("moderator");

  // The rejected person stays out.
  const outsider = await pageAs(browser);
  await signIn(outsider, rejected.email, rejected.password);
  await expect(outsider.getByText("Ihr Konto wurde nicht freigeschaltet. Bitte wenden Sie sich an den Betreiber.").first()).toBeVisible();
  await expect(outsider).toHaveURL(/\/auth/);

  // The approved member signs in (straight to the home page) and posts a discussion and a comment.
  expect((await signInOverHttp(page, approved.email, approved.password)).headers().location).toBe("/");
  const title = `Frage zur Moderation ${id}`;
  await visit("/create-discussion?category=general");
  await page.getByLabel("Titel").fill(title);
  await page.locator("[contenteditable=true]").fill("Wie geht ihr mit Werbung im Forum um?");
  await page.getByRole("button", { name: "Diskussion erstellen" }).click();
  await expect(page.getByText("Diskussion erfolgreich erstellt!")).toBeVisible();
  await page.getByRole("link", { name: title }).first().click();
  await page.waitForURL(/\/discussion\//);
  await waitForHydration(page);
  const discussionUrl = page.url();
  await page.getByLabel("Ihr Kommentar").fill(`Kauft jetzt billige Backlinks bei mir! ${id}`);
  await page.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(page.getByText("Kommentar erfolgreich erstellt!")).toBeVisible();
  // A comment that went through empties the form.
  await expect(page.getByLabel("Ihr Kommentar")).toHaveValue("");
  await page.getByLabel("Ihr Kommentar").fill("Ein zweiter, ganz normaler Kommentar.");
  await page.getByRole("button", { name: "Kommentar senden" }).click();
  await expect(page.getByTestId("comment")).toHaveCount(2);

  // The new moderator pins, locks and hides the advertising comment.
  const mod = await pageAs(browser);
  expect((await signInOverHttp(mod, moderator.email, moderator.password)).headers().location).toBe("/");
  // Her powers need a second factor (decision 0050): she sets up an app first.
  await setUpAppIn(mod.request, moderator.email, moderator.password);
  await mod.goto(discussionUrl);
  await waitForHydration(mod);
  const tools = mod.getByRole("region", { name: "Moderation" });
  await tools.getByRole("button", { name: "Anpinnen" }).click();
  await expect(mod.getByText("Diskussion angepinnt")).toBeVisible();
  await tools.getByText("Sperren", { exact: true }).click();
  await tools.getByLabel(/Grund für die Sperre/).fill("Frage ist beantwortet");
  await tools.getByRole("button", { name: "Diskussion sperren" }).click();
  await expect(mod.getByText("Diskussion gesperrt", { exact: true })).toBeVisible();
  const advert = mod.getByTestId("comment").filter({ hasText: "billige Backlinks" });
  await advert.getByText("Ausblenden", { exact: true }).click();
  await advert.getByLabel(/Grund für das Ausblenden/).fill("Werbung");
  await advert.getByRole("button", { name: "Kommentar ausblenden" }).click();
  await expect(mod.getByText("Kommentar ausgeblendet", { exact: true })).toBeVisible();
  // Staff still see it, marked.
  await expect(mod.getByTestId("comment").filter({ hasText: "billige Backlinks" })).toContainText("Grund: Werbung");

  // The member sees the pin and the lock, and the advertising is gone.
  await page.goto(discussionUrl);
  await waitForHydration(page);
  await expect(page.getByText("Angepinnt")).toBeVisible();
  await expect(page.getByTestId("locked-notice")).toContainText("Diese Diskussion ist gesperrt. Neue Kommentare sind nicht möglich.");
  await expect(page.getByTestId("locked-notice")).toContainText("Grund: Frage ist beantwortet");
  await expect(page.getByLabel("Ihr Kommentar")).toHaveCount(0);
  // Its author still reads the advertising, marked hidden with the way to the reasons (decision 0048); a guest does not.
  await expect(page.getByTestId("comment").filter({ hasText: "billige Backlinks" })).toContainText(
    "Ausgeblendet: Nur Sie und das Moderationsteam sehen diesen Kommentar.",
  );
  const guest = await pageAs(browser);
  await guest.goto(discussionUrl);
  await expect(guest.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(guest.getByText("billige Backlinks")).toHaveCount(0);
  await guest.context().close();
  await expect(page.getByRole("region", { name: "Moderation" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Antworten (1)" })).toBeVisible();
  // Plain HTTP cannot get around the lock either.
  const sneaky = await page.request.post(discussionUrl, { form: { intent: "create-comment", content: "Trotzdem!" }, maxRedirects: 0 });
  expect(sneaky.status()).toBe(400);

  // The audit log lists every step, newest first. Narrowed to one person, other specs' steps cannot push this
  // test's entries off the page: the administrator's three, then the moderator's three.
  const stepsOf = async (actorId: string, name: string) => {
    await admin.goto(`/admin?wer=${actorId}`);
    await waitForHydration(admin);
    await expect(admin.getByText(`Nur die Aktionen von ${name}, neueste zuerst.`)).toBeVisible();
    const log = admin.getByTestId("audit-log");
    // Each name in the log leads to that person's steps.
    await expect(log.getByRole("link", { name, exact: true }).first()).toHaveAttribute("href", `/admin?wer=${actorId}`);
    return log.getByTestId("audit-entry").allInnerTexts();
  };
  const adminId = (await profilePathOf(own)).split("/").pop()!;
  const adminSteps = await stepsOf(adminId, own.name);
  expect(adminSteps).toHaveLength(3);
  expect(adminSteps[0]).toContain("Benutzer erstellt");
  expect(adminSteps[0]).toContain(moderator.username);
  expect(adminSteps[0]).toContain("Moderator");
  expect(adminSteps[1]).toContain("Mitglied abgelehnt");
  expect(adminSteps[1]).toContain(`${rejected.firstName} ${rejected.lastName}`);
  expect(adminSteps[2]).toContain("Mitglied freigeschaltet");
  expect(adminSteps[2]).toContain(`${approved.firstName} ${approved.lastName}`);
  // The created moderator is the first entry's target, linked to her profile.
  const moderatorProfile = await admin
    .getByTestId("audit-entry")
    .first()
    .getByRole("link", { name: moderator.username })
    .getAttribute("href");
  const moderatorSteps = await stepsOf(moderatorProfile!.split("/").pop()!, moderator.username);
  expect(moderatorSteps).toHaveLength(3);
  expect(moderatorSteps[0]).toContain("Kommentar ausgeblendet");
  expect(moderatorSteps[0]).toContain(`Backlinks bei mir! ${id}`);
  expect(moderatorSteps[0]).toContain("Werbung");
  expect(moderatorSteps[1]).toContain("Diskussion gesperrt");
  expect(moderatorSteps[1]).toContain(title);
  expect(moderatorSteps[1]).toContain("Frage ist beantwortet");
  expect(moderatorSteps[2]).toContain("Diskussion angepinnt");
  expect(moderatorSteps[2]).toContain(title);
  // Back to everyone's steps.
  await admin.getByRole("link", { name: "Alle Aktionen zeigen" }).click();
  await expect(admin.getByText("Alle Aktionen von Administratoren und Moderatoren, neueste zuerst.")).toBeVisible();
  expect(new URL(admin.url()).search).toBe("");
});

test("role dropdown: a change is saved at once; a refused one says why", async ({ browser }) => {
  // The last administrator's refusal needs a forum with one administrator, which specs making their own do not
  // leave: tests/integration/admin.test.ts and last-admin.test.ts hold that rule. Here the dropdown's two answers.
  const [promoted, leaving] = await createMembers([{ firstName: "Befördert" }, { firstName: "Gegangen" }]);
  const admin = await pageAs(browser, "admin");
  await admin.goto("/admin");
  await waitForHydration(admin);
  const promotedRow = admin.getByTestId("member-row").filter({ hasText: promoted.email });
  await promotedRow.getByRole("combobox").selectOption("moderator");
  await expect(admin.getByText("Benutzerrolle erfolgreich aktualisiert")).toBeVisible();
  await admin.reload();
  await expect(promotedRow.getByRole("combobox")).toHaveValue("moderator");

  // One deletes her account while the panel still shows her.
  const leaver = await clientOf(leaving);
  const deleted = await leaver.post(await profilePathOf(leaving), {
    form: { intent: "delete-account", confirmation: "LÖSCHEN" },
    maxRedirects: 0,
  });
  expect(deleted.status()).toBe(302);
  await leaver.dispose();
  const leavingRow = admin.getByTestId("member-row").filter({ hasText: leaving.email });
  await leavingRow.getByRole("combobox").selectOption("moderator");
  await expect(admin.getByText("Dieses Mitglied gibt es nicht.")).toBeVisible();
  // The panel shows what is stored, not what was picked.
  await expect(leavingRow.getByRole("combobox")).toHaveValue("member");
  await expect(leavingRow.getByRole("combobox")).toBeEnabled();
  await admin.context().close();
});

test("non-admins see 'Zugriff verweigert' with status 403; guests are sent to sign in", async ({ page, browser }) => {
  const guest = await page.request.get("/admin", { maxRedirects: 0 });
  expect(guest.status()).toBe(302);
  expect(guest.headers().location).toBe("/auth?redirectTo=%2Fadmin");
  for (const role of ["member", "moderator"] as const) {
    const member = await pageAs(browser, role);
    expect((await member.goto("/admin"))?.status()).toBe(403);
    await waitForHydration(member);
    await expect(member.getByRole("heading", { name: "Zugriff verweigert" })).toBeVisible();
    await expect(
      member.getByText(
        "Zugriff verweigert: Du hast keine Berechtigung, auf diese Seite zuzugreifen. Administrator-Rechte sind erforderlich.",
      ),
    ).toBeVisible();
    await expect(member.getByRole("link", { name: "Zurück" })).toBeVisible();
    await member.context().close();
  }
});
