import { texts } from "../app/lib/texts";
import { berlinDate, endOfBerlinDay, nextDay } from "../app/lib/berlin-time";
import { expect, test } from "./fixtures";
import { signIn } from "./auth-helpers";
import { atPhoneAndDesktopWidths, screenshotForReview } from "./looks";
import { clientOf, createMembers, pageOf, profilePathOf } from "./members";

/**
 * A suspension is explained to the member it ends: their next page says they were signed out, why (the
 * reason the moderator wrote for them) and until when; so does the sign-in, but only after the right password. A
 * wrong password reads as for anyone, so nobody learns of a suspension without it.
 */
test("the suspended member's next page and their sign-in with the right password say why and until when", async ({ browser }) => {
  test.setTimeout(90_000);
  const [suspending, moderating] = await createMembers([{ firstName: "Gesperrter" }, { role: "moderator" }]);
  const memberPage = await pageOf(browser, suspending);
  await memberPage.goto("/");
  await expect(memberPage.getByTestId("sidebar").getByTestId("user-menu")).toBeVisible();

  let lastDay = berlinDate(new Date());
  for (let day = 0; day < 14; day++) lastDay = nextDay(lastDay);
  const reason = "Wiederholt Werbelinks in Antworten";
  const moderator = await clientOf(moderating);
  const restricted = await moderator.post(await profilePathOf(suspending), {
    form: { intent: "restrict", kind: "suspend", duration: "until", until: lastDay, reason },
    maxRedirects: 0,
  });
  expect(restricted.status()).toBeLessThan(400);
  const endDate = endOfBerlinDay(lastDay).toLocaleDateString("de-DE", { dateStyle: "long", timeZone: "Europe/Berlin" });
  const explained = `Ihr Konto ist von der Moderation bis ${endDate} um 23:59 Uhr gesperrt. Grund: ${reason}.`;

  // The next page: signed out, and told why.
  await memberPage.reload();
  const notice = memberPage.getByTestId("suspended-notice");
  await expect(notice).toContainText("Sie wurden abgemeldet");
  await expect(notice).toContainText(explained);
  await expect(memberPage.getByTestId("sidebar").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await atPhoneAndDesktopWidths(memberPage, async (width, scheme) => {
    if (scheme !== "light") return;
    await memberPage.evaluate(() => window.scrollTo(0, 0));
    await screenshotForReview(memberPage, `suspension-next-page-${width}`);
  });
  // Said once: the cookie of the ended session is gone with that page.
  await memberPage.reload();
  await expect(memberPage.getByTestId("sidebar").getByRole("link", { name: "Anmelden" })).toBeVisible();
  await expect(memberPage.getByTestId("suspended-notice")).toHaveCount(0);

  // A wrong password learns nothing of the suspension.
  await signIn(memberPage, suspending.email, "nicht-das-passwort");
  await expect(memberPage.getByText(texts.invalidCredentials).first()).toBeVisible();
  await expect(memberPage.getByText(reason)).toHaveCount(0);
  // The right one: why and until when.
  await signIn(memberPage, suspending.email, suspending.password);
  await expect(memberPage.getByText(explained).first()).toBeVisible();
  await expect(memberPage).toHaveURL(/\/auth/);
  await atPhoneAndDesktopWidths(memberPage, async (width, scheme) => {
    if (scheme !== "light") return;
    await memberPage.evaluate(() => window.scrollTo(0, 0));
    await screenshotForReview(memberPage, `suspension-sign-in-${width}`);
  });
  await memberPage.context().close();
});
