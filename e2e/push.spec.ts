import type { Page } from "@playwright/test";
import { expect, test, untilServerAnswers } from "./fixtures";
import { signInOverHttp } from "./auth-helpers";
import { clientOf, createMembers, profilePathOf } from "./members";
import { browserKeys, decryptPushMessage, startPushReceiver } from "../tests/support/push-receiver";
import config from "../playwright.config";
import { slugify } from "../app/lib/slug";

/**
 * Web push from the member's click to the notification on screen (decision 0060). Chromium's PushManager would ask
 * Google's push service for an endpoint, which this machine cannot reach: the test plays the browser's push service,
 * with keys it made as a browser makes them and an endpoint at its own receiver. Everything else is the app's: the
 * card's button and its permission request, the form, the fan-out, the job, the encryption, the service worker.
 */

// Chromium's headless shell, where the other specs run (decision 0043), answers Notification.permission with "denied"
// whatever the context granted (Chromium 156; navigator.permissions says "granted"): this spec runs in the full
// browser, where the permission and the worker's notifications are real.
test.use({ launchOptions: { ...config.use?.launchOptions, executablePath: "/usr/bin/chromium" } });

/** PushManager answers with the test's subscription; the rest of the page's code runs as it is. */
async function playPushService(page: Page, subscription: { endpoint: string; p256dh: string; auth: string }) {
  await page.addInitScript(({ endpoint, p256dh, auth }) => {
    let options: PushSubscriptionOptions | null = null;
    const made = () => ({
      endpoint,
      expirationTime: null,
      options,
      getKey: () => null,
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
      unsubscribe: async () => ((options = null), true),
    });
    PushManager.prototype.subscribe = async function (given?: PushSubscriptionOptionsInit) {
      const key = given?.applicationServerKey as Uint8Array<ArrayBuffer>;
      options = { userVisibleOnly: true, applicationServerKey: key.slice().buffer };
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (options ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

/** Gives the service worker a push message, as the browser does once its push service delivered and it decrypted one. */
async function deliverToServiceWorker(page: Page, data: string) {
  const cdp = await page.context().newCDPSession(page);
  const registrations: string[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: updated }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.push(registration.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => registrations.length, { message: "the forum's service worker registration" }).toBeGreaterThan(0);
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: new URL(page.url()).origin, registrationId: registrations[0]!, data });
}

test("a member turns push on, a reply arrives as a notification from the service worker, the member removes the device", async ({
  page,
  visit,
}) => {
  const receiver = await startPushReceiver();
  try {
    const keys = browserKeys();
    const endpoint = receiver.endpoint();
    const [member, replier] = await createMembers([{ firstName: "Pia" }, { firstName: "Ralf" }]);
    await page.context().grantPermissions(["notifications"]);
    await playPushService(page, { endpoint, p256dh: keys.p256dh, auth: keys.auth });
    await signInOverHttp(page, member.email, member.password);
    const profilePath = await profilePathOf(member);
    await visit(profilePath);
    const card = page.locator("#e-mail-benachrichtigungen");
    await expect(card.getByText("Noch auf keinem Gerät aktiviert.")).toBeVisible();

    const activate = card.getByRole("button", { name: "Push-Benachrichtigungen auf diesem Gerät aktivieren" });
    expect((await untilServerAnswers(page, () => activate.click())).ok()).toBe(true);
    await expect(page.getByText("Push-Benachrichtigungen auf diesem Gerät aktiviert")).toBeVisible();
    // The project's browser says it is Chrome on Windows (Playwright's "Desktop Chrome").
    const device = card.getByRole("listitem").filter({ hasText: "Chrome auf Windows" });
    await expect(device).toContainText("(dieses Gerät)");
    await expect(card.getByText("Auf diesem Gerät sind Push-Benachrichtigungen aktiv.")).toBeVisible();

    // The member asks; another member answers.
    const own = await clientOf(member);
    const title = `Push für Canonical-Fragen ${Date.now()}`;
    const created = await own.post("/create-discussion", {
      form: { similarSeen: "1", title, category: "seo", contentFormat: "html", content: "<p>Wie setzt ihr Canonicals?</p>" },
      maxRedirects: 0,
    });
    expect(created.status(), await created.text()).toBe(302);
    const discussionPath = `/discussion/${slugify(title)}`;
    await own.dispose();
    const other = await clientOf(replier);
    const replied = await other.post(discussionPath, {
      form: { intent: "create-comment", content: "Selbstreferenzierend." },
      maxRedirects: 0,
    });
    expect(replied.status(), await replied.text()).toBe(302);
    const commentId = replied.headers().location!.split("#comment-")[1]!;
    await other.dispose();

    // The push service receives it, encrypted for this browser's keys.
    const push = await receiver.next(endpoint);
    const data = decryptPushMessage(push.body, keys);
    const message = JSON.parse(data) as { title: string; body: string; url: string };
    expect(message.title).toBe("Neue Antwort auf Ihre Diskussion");
    expect(message.body).toBe(`${replier.name} hat auf Ihre Diskussion „${title}“ geantwortet`);
    expect(message.url).toBe(new URL(`${discussionPath}#comment-${commentId}`, page.url()).href);

    // The browser hands it to the service worker, which shows it.
    await deliverToServiceWorker(page, data);
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown).toEqual([{ title: message.title, body: message.body, data: { url: message.url } }]);

    // The member removes the device; the server no longer has it.
    expect((await untilServerAnswers(page, () => device.getByRole("button", { name: "Chrome auf Windows entfernen" }).click())).ok()).toBe(
      true,
    );
    await expect(page.getByText("Gerät entfernt")).toBeVisible();
    await visit(profilePath);
    await expect(card.getByText("Noch auf keinem Gerät aktiviert.")).toBeVisible();
    await expect(card.getByRole("listitem").filter({ hasText: "Chrome auf Windows" })).toHaveCount(0);
  } finally {
    await receiver.close();
  }
});
