import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { createMembers, pageOf } from "./members";

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

test("an admin watches a word without JavaScript, a member's post with it is refused in German, and is taken once the word is gone", async ({
  browser,
}) => {
  // Two people, a dozen pages and the editor: several minutes on a busy two-core machine.
  test.setTimeout(240_000);
  const id = unique();
  const word = `spamwort${id}`;
  const [adminMember, author] = await createMembers([{ role: "admin" }, { firstName: "Wortautorin" }]);

  // The administrator's page, without JavaScript: plain forms and redirects.
  const adminContext = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const admin = await adminContext.newPage();
  await signInOverHttp(admin, adminMember!.email, adminMember!.password);
  await admin.goto("/admin");
  await admin.getByRole("link", { name: "Listen bearbeiten" }).click();
  await expect(admin.getByRole("heading", { level: 1, name: "Beobachtete Wörter und Domains" })).toBeVisible();
  // The migration's start of the sign-up block list.
  await expect(admin.getByTestId("watch-list-email-domain")).toContainText("mailinator.com");

  const words = admin.getByRole("form", { name: "Wörter: hinzufügen" });
  // Nonsense is refused in German, next to the field, with what was typed kept.
  await words.getByLabel("Begriff").fill("*");
  await words.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(
    admin.getByRole("form", { name: "Wörter: hinzufügen" }).getByText("Mindestens zwei Buchstaben oder Ziffern.", { exact: true }),
  ).toBeVisible();
  await words.getByLabel("Begriff").fill(`  ${word.toUpperCase()} `);
  await words.getByLabel("Aktion").selectOption("block");
  await words.getByRole("button", { name: "Hinzufügen" }).click();
  await expect(admin.getByTestId("watch-list-word")).toContainText(word);

  // The member writes a discussion with the word: refused, with the reason, and what they wrote stays in the form.
  const member = await pageOf(browser, author!);
  await member.goto("/create-discussion?category=seo");
  await member.getByLabel("Titel").fill(`Frage zu ${word.toUpperCase()} ${id}`);
  await member.getByTestId("rich-text-editor").getByRole("textbox", { name: "Inhalt" }).fill("Was haltet ihr davon?");
  await member.getByRole("button", { name: "Diskussion erstellen" }).click();
  // On the form and in the toast.
  await expect(
    member.getByText(`Der Begriff „${word.toUpperCase()}“ ist in diesem Forum nicht erlaubt.`, { exact: false }).first(),
  ).toBeVisible();
  await expect(member.getByLabel("Titel")).toHaveValue(`Frage zu ${word.toUpperCase()} ${id}`);

  // The administrator removes the word (the audit log names it), and the same post goes through.
  await admin.getByRole("button", { name: `„${word}“ entfernen` }).click();
  await expect(admin.getByTestId("watch-list-word")).not.toContainText(word);
  await admin.goto("/admin");
  await expect(admin.getByTestId("audit-entry").filter({ hasText: word }).first()).toContainText("Beobachteten Begriff entfernt");

  await member.getByRole("button", { name: "Diskussion erstellen" }).click();
  await expect(member).toHaveURL("/");
  await adminContext.close();
  await member.context().close();
});

test("the watch list page is for administrators only, and passes the accessibility scan", async ({ browser, page, visit, checkA11y }) => {
  // Two sign-ins (password hashes) on a busy two-core machine.
  test.setTimeout(90_000);
  const [moderator, adminMember] = await createMembers([{ role: "moderator" }, { role: "admin" }]);
  const asModerator = await pageOf(browser, moderator!);
  expect((await asModerator.goto("/admin/watch-list"))?.status()).toBe(403);
  await asModerator.context().close();
  await signInOverHttp(page, adminMember!.email, adminMember!.password);
  await visit("/admin/watch-list");
  await checkA11y();
});
