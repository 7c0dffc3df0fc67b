import net from "node:net";
import { expect, request, test, type APIRequestContext, type APIResponse } from "@playwright/test";
import { testClientIp } from "./fixtures";
import { createMembers, type Member } from "./members";
import { passSecondStep } from "./auth-helpers";

/**
 * Plain HTTP: requests no form of ours sends (too large, broken multipart,
 * wrong content types, bytes that are no UTF-8, fields nobody asked for).
 * Each gets a 4xx with a German text, or the normal answer where the request
 * is in fact fine; never a 5xx, and the server keeps serving.
 */

// In order, in one worker: the spec's members are made and signed in once per run.
test.describe.configure({ mode: "default" });

const TEN_MB = 10 * 1024 * 1024;

type Client = "guest" | "member";
interface Target {
  name: string;
  path: string;
  client: Client;
}

let baseURL = "";
const clients = new Map<Client, APIRequestContext>();
let targets: Target[] = [];
/** The member's own discussion: comments there notify nobody. */
let discussionPath = "";
/** The spec's own: their sign-ins and rate limits are nobody else's. */
let people: Record<"member" | "moderator" | "admin" | "visitor", Member>;

/** A client with its own cookies and its own IP, so per-IP rate limits stay with it. */
function newClient() {
  return request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
}

test.beforeAll(async () => {
  baseURL = test.info().project.use.baseURL!;
  const [member, moderator, admin, visitor] = await createMembers([
    { firstName: "Jonas" },
    { role: "moderator" },
    { role: "admin" },
    { firstName: "Besucherin" },
  ]);
  people = { member: member, moderator: moderator, admin: admin, visitor: visitor! };
  const guest = await newClient();
  const signedIn = await newClient();
  const signIn = await signedIn.post("/auth", {
    form: { intent: "sign-in", email: people.member.email, password: people.member.password },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);

  const members = await (await guest.get(`/members?q=${people.member.lastName}`)).text();
  const profilePath = members.match(/href="(\/profile\/[0-9a-f-]{36})"/)![1]!;
  // Lower-case ASCII words joined by hyphens: the title is its own slug.
  const title = `eigene-frage-${people.member.lastName.toLowerCase()}`;
  const created = await signedIn.post("/create-discussion", {
    form: { similarSeen: "1", title, category: "tools", content: "Inhalt", contentFormat: "text" },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  discussionPath = `/discussion/${title}`;
  clients.set("guest", guest).set("member", signedIn);
  targets = [
    { name: "Anmeldung", path: "/auth", client: "guest" },
    { name: "Kommentar", path: discussionPath, client: "member" },
    { name: "Profil (Avatar-Upload)", path: profilePath, client: "member" },
    { name: "Aufrufzähler", path: `${discussionPath}/view`, client: "guest" },
  ];
});

test.afterAll(async () => {
  for (const client of clients.values()) await client.dispose();
  clients.clear();
});

// Whatever a case did, the server still answers and still renders a page.
test.afterEach(async () => {
  const guest = clients.get("guest")!;
  expect((await guest.get("/healthz")).status()).toBe(200);
  const home = await guest.get("/");
  expect(home.status()).toBe(200);
  expect(await home.text()).toContain("Aktuelle Diskussionen");
});

async function expectAnswer(response: APIResponse, expected: number, label: string) {
  const body = await response.text();
  expect(response.status(), `${label}: ${body.slice(0, 200)}`).toBeLessThan(500);
  expect(response.status(), `${label}: ${body.slice(0, 200)}`).toBe(expected);
  return body;
}

/** The German text of a refusal: plain text from the guard, or the heading of the error page. */
async function expectMessage(response: APIResponse, expected: number, label: string, message: string) {
  const body = await expectAnswer(response, expected, label);
  expect(body, label).toContain(message);
}

const MULTIPART_BODY = '--grenze\r\nContent-Disposition: form-data; name="intent"\r\n\r\ncreate-comment\r\n--grenze--\r\n';

/**
 * Per target the expected status; the view counter reads no body at all, so
 * whatever it is sent (below the size limit) is simply a counted view.
 */
const bodyCases: Array<{ name: string; contentType: string; body: Buffer | string; status: number; view: number; message: string }> = [
  {
    name: "10 MB urlencoded",
    contentType: "application/x-www-form-urlencoded",
    body: Buffer.concat([Buffer.from("intent=create-comment&content="), Buffer.alloc(TEN_MB, "a")]),
    status: 413,
    view: 413,
    message: "zu groß",
  },
  {
    name: "Multipart mit fremder Grenze",
    contentType: "multipart/form-data; boundary=andere-grenze",
    body: MULTIPART_BODY,
    status: 400,
    view: 204,
    message: "Die Anfrage ist ungültig.",
  },
  {
    name: "Multipart ohne boundary",
    contentType: "multipart/form-data",
    body: MULTIPART_BODY,
    status: 400,
    view: 204,
    message: "Die Anfrage ist ungültig.",
  },
  {
    name: "abgeschnittenes Multipart",
    contentType: "multipart/form-data; boundary=grenze",
    body: MULTIPART_BODY.slice(0, 60),
    status: 400,
    view: 204,
    message: "Die Anfrage ist ungültig.",
  },
  {
    name: "JSON statt Formular",
    contentType: "application/json",
    body: JSON.stringify({ intent: "create-comment", content: "Hallo" }),
    status: 415,
    view: 204,
    message: "Das Format der Anfrage wird nicht unterstützt.",
  },
  {
    name: "text/plain",
    contentType: "text/plain",
    body: "intent=create-comment&content=Hallo",
    status: 415,
    view: 204,
    message: "Das Format der Anfrage wird nicht unterstützt.",
  },
  {
    // PostgreSQL cannot store a NUL byte in text; it used to surface as a 500 from the insert.
    name: "NUL-Byte in einem Feld",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=sign-in&email=a%00b%40example.com&password=x&content=a%00b&intent2=x",
    status: 400,
    view: 204,
    message: "Die Anfrage ist ungültig.",
  },
];

async function sendBodyCase(client: APIRequestContext, target: { name: string; path: string }, bodyCase: (typeof bodyCases)[number]) {
  const expected = target.path.endsWith("/view") ? bodyCase.view : bodyCase.status;
  const response = await client.post(target.path, {
    headers: { "Content-Type": bodyCase.contentType },
    data: typeof bodyCase.body === "string" ? Buffer.from(bodyCase.body) : bodyCase.body,
    maxRedirects: 0,
  });
  const label = `${bodyCase.name} → ${target.name}`;
  if (expected === 204) await expectAnswer(response, 204, label);
  else await expectMessage(response, expected, label, bodyCase.message);
}

async function sendHugeMultipart(client: APIRequestContext, target: { name: string; path: string }) {
  const response = await client.post(target.path, {
    multipart: { intent: "upload-avatar", avatar: { name: "riesig.png", mimeType: "image/png", buffer: Buffer.alloc(TEN_MB, 1) } },
    maxRedirects: 0,
  });
  // The profile page answers its own upload limit with the avatar form's text; everything else hits the general limit.
  const message = target.path.startsWith("/profile/") ? "Die Datei ist zu groß. Maximal 5MB erlaubt." : "Die Anfrage ist zu groß.";
  await expectMessage(response, 413, `10 MB multipart → ${target.name}`, message);
}

for (const bodyCase of bodyCases) {
  test(`POST ${bodyCase.name}: 4xx on every endpoint`, async () => {
    for (const target of targets) await sendBodyCase(clients.get(target.client)!, target, bodyCase);
  });
}

test("POST 10 MB multipart (a file field): 413 on every endpoint", async () => {
  for (const target of targets) await sendHugeMultipart(clients.get(target.client)!, target);
});

test("/admin as admin: the same bodies get the same answers", async () => {
  const admin = await newClient();
  try {
    const signIn = await passSecondStep(
      admin,
      await admin.post("/auth", {
        form: { intent: "sign-in", email: people.admin.email, password: people.admin.password },
        maxRedirects: 0,
      }),
      people.admin.email,
    );
    expect(signIn.status()).toBe(302);
    expect((await admin.get("/admin")).status()).toBe(200);

    const target = { name: "Admin Panel", path: "/admin" };
    for (const bodyCase of bodyCases) await sendBodyCase(admin, target, bodyCase);
    await sendHugeMultipart(admin, target);
  } finally {
    await admin.dispose();
  }
});

test("a body without Content-Length (chunked) is refused with 411", async () => {
  const chunked = await rawRequest(
    "POST /auth HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n" +
      "e\r\nintent=sign-in\r\n0\r\n\r\n",
  );
  expect(chunked.status).toBe(411);
  expect(chunked.body).toContain("Die Anfrage muss ihre Länge (Content-Length) angeben.");
});

test("a GET with a 10 MB body is refused with 413", async () => {
  const response = await clients
    .get("guest")!
    .get("/search?q=SEO", { headers: { "Content-Type": "text/plain" }, data: Buffer.alloc(TEN_MB, "a") });
  await expectMessage(response, 413, "GET mit 10 MB", "Die Anfrage ist zu groß.");
});

test("invalid UTF-8 in a form body is read as U+FFFD, as browsers do; nothing breaks", async () => {
  const member = clients.get("member")!;
  const marker = `Ende-${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from("intent=create-comment&content=Kaputt+"),
    Buffer.from([0xff, 0xfe, 0xc3, 0x28]),
    Buffer.from(`+${marker}`),
  ]);
  const comment = await member.post(discussionPath, {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: body,
    maxRedirects: 0,
  });
  await expectAnswer(comment, 302, "Kommentar mit ungültigem UTF-8");
  // Decoding replaces each broken sequence with U+FFFD (WHATWG "UTF-8 decode"): the text stays valid UTF-8 in the database.
  const page = await (await member.get(comment.headers().location!.split("#")[0]!)).text();
  expect(page).toContain(`Kaputt \uFFFD\uFFFD\uFFFD( ${marker}`);

  // A sign-in whose address is no valid UTF-8 is just an invalid address.
  const signIn = await clients.get("guest")!.post("/auth", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: Buffer.concat([Buffer.from("intent=sign-in&password=x&email="), Buffer.from([0xff, 0x40, 0xfe])]),
    maxRedirects: 0,
  });
  await expectAnswer(signIn, 400, "Anmeldung mit ungültigem UTF-8");
});

test("invalid UTF-8 and NUL in the URL: 4xx, or the page where the text is merely odd", async () => {
  const guest = clients.get("guest")!;
  const cases: Array<[string, number]> = [
    // Percent-decoding with replacement finds no such discussion or profile.
    ["/discussion/%C3%28", 404],
    ["/discussion/%", 404],
    ["/profile/%FF", 404],
    // A search for U+FFFD is a search that finds nothing.
    ["/search?q=%FF", 200],
    ["/search?q=%C3%28", 200],
    ["/members?q=%FF", 200],
    // Not a page number.
    [`${discussionPath}?page=%FF`, 404],
    // A NUL byte is refused before it can reach a query.
    ["/search?q=a%00b", 400],
    ["/discussion/a%00b", 400],
    ["/profile/a%00b", 400],
    // Express's static handler refuses the malformed path; the text is ours.
    ["/storage/%FF", 400],
  ];
  for (const [path, status] of cases) await expectAnswer(await guest.get(path, { maxRedirects: 0 }), status, `GET ${path}`);
  expect(await (await guest.get("/storage/%FF")).text()).toBe("Die Anfrage ist ungültig.");

  // Raw bytes that are no UTF-8 (and no ASCII) in the request line: Node's parser refuses them, with our text.
  const raw = await rawRequest(
    Buffer.concat([
      Buffer.from("GET /discussion/"),
      Buffer.from([0xff, 0xfe]),
      Buffer.from(" HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    ]),
  );
  expect(raw.status).toBe(400);
  expect(raw.body).toBe("Die Anfrage ist ungültig.");
});

test("unknown extra fields are ignored: the request does what it would do without them", async () => {
  // Fields a form never sends, some of them names of columns someone might hope to set.
  const extra = {
    role: "admin",
    approvalStatus: "approved",
    authorId: "00000000-0000-0000-0000-000000000000",
    createdAt: "2000-01-01",
    unbekannt: "x",
  };

  const visitor = await newClient();
  const signIn = await visitor.post("/auth", {
    form: { intent: "sign-in", email: people.visitor.email, password: people.visitor.password, ...extra },
    maxRedirects: 0,
  });
  await expectAnswer(signIn, 302, "Anmeldung mit Zusatzfeldern");
  // Still a plain member: the extra role did nothing.
  await expectAnswer(await visitor.get("/admin", { maxRedirects: 0 }), 403, "Admin Panel nach Anmeldung mit role=admin");
  await visitor.dispose();

  const member = clients.get("member")!;
  const marker = `Zusatzfelder-${Date.now()}`;
  const comment = await member.post(discussionPath, { form: { intent: "create-comment", content: marker, ...extra }, maxRedirects: 0 });
  await expectAnswer(comment, 302, "Kommentar mit Zusatzfeldern");
  const page = await (await member.get(comment.headers().location!.split("#")[0]!)).text();
  const at = page.indexOf(`>${marker}<`);
  expect(at, "the comment is on the page it redirects to").toBeGreaterThan(0);
  // Written by the member, now: not by the forged author, not in the year 2000.
  const article = page.slice(page.lastIndexOf('id="comment-', at), at);
  const ownProfile = targets.find((target) => target.name.startsWith("Profil"))!.path;
  expect(article).toContain(`href="${ownProfile}"`);
  expect(page).not.toContain('"datePublished":"2000-01-01');

  const view = await clients.get("guest")!.post(`${discussionPath}/view`, { form: extra, maxRedirects: 0 });
  await expectAnswer(view, 204, "Aufrufzähler mit Feldern");
});

test("malformed moderator and admin intents: 400 with German text, and the guardian answers first", async () => {
  const signedIn = async (email: string, password: string) => {
    const client = await newClient();
    expect(
      (
        await passSecondStep(client, await client.post("/auth", { form: { intent: "sign-in", email, password }, maxRedirects: 0 }), email)
      ).status(),
      `sign-in ${email}`,
    ).toBe(302);
    return client;
  };
  const moderator = await signedIn(people.moderator.email, people.moderator.password);
  const admin = await signedIn(people.admin.email, people.admin.password);
  const unknownIntent = "Ein unbekannter Fehler ist aufgetreten.";
  const noSuchComment = "Diesen Kommentar gibt es nicht.";
  try {
    const moderation: Array<[string, Record<string, string>, string]> = [
      // A non-UUID id would reach a uuid column; it is a comment that cannot exist.
      ["hide-comment mit kaputter ID", { intent: "hide-comment", commentId: "keine-uuid", reason: "Spam" }, noSuchComment],
      ["restore-comment mit SQL statt ID", { intent: "restore-comment", commentId: "1' OR '1'='1" }, noSuchComment],
      ["update-comment mit kaputter ID", { intent: "update-comment", commentId: "123", content: "Neu" }, noSuchComment],
      ["hide-discussion ohne Grund", { intent: "hide-discussion" }, "Bitte geben Sie einen Grund an."],
      ["lock mit zu langem Grund", { intent: "lock", reason: "x".repeat(501) }, "Höchstens 500 Zeichen."],
      ["Kommentar über der Höchstlänge", { intent: "create-comment", content: "x".repeat(10_001) }, "höchstens 10.000 Zeichen"],
      ["unbekannter Intent", { intent: "alles-loeschen" }, unknownIntent],
      ["kein Intent", { reason: "nichts" }, unknownIntent],
    ];
    for (const [label, form, message] of moderation) {
      await expectMessage(await moderator.post(discussionPath, { form, maxRedirects: 0 }), 400, `Moderation: ${label}`, message);
    }
    // A member's malformed moderation form is refused as moderation, before its fields are looked at.
    const member = clients.get("member")!;
    await expectMessage(
      await member.post(discussionPath, { form: { intent: "hide-comment", commentId: "keine-uuid" }, maxRedirects: 0 }),
      403,
      "Moderation als Mitglied",
      "Berechtigung verweigert",
    );

    const panel: Array<[string, Record<string, string>, string]> = [
      ["approve mit kaputter ID", { intent: "approve", userId: "keine-uuid" }, unknownIntent],
      ["reject ohne ID", { intent: "reject" }, unknownIntent],
      [
        "change-role mit unbekannter Rolle",
        { intent: "change-role", userId: "00000000-0000-4000-8000-000000000000", role: "kaiser" },
        unknownIntent,
      ],
      ["change-role mit überlanger ID", { intent: "change-role", userId: "a".repeat(5_000), role: "member" }, unknownIntent],
      [
        "create-user mit überlangem Namen",
        { intent: "create-user", email: "neu.lang@example.com", password: "geheim123", username: "x".repeat(121), role: "member" },
        "Höchstens 120 Zeichen.",
      ],
      [
        "create-user mit kaputter Adresse",
        { intent: "create-user", email: "kaputt", password: "geheim123", username: "Test Person", role: "member" },
        "Gültige E-Mail-Adresse erforderlich",
      ],
      ["unbekannter Intent", { intent: "alle-befoerdern" }, unknownIntent],
    ];
    for (const [label, form, message] of panel) {
      await expectMessage(await admin.post("/admin", { form, maxRedirects: 0 }), 400, `Admin: ${label}`, message);
    }
    for (const index of ["abc", "99", "-1"]) {
      const response = await admin.post("/admin/samples", { form: { index }, headers: { Accept: "application/json" }, maxRedirects: 0 });
      await expectMessage(response, 400, `Beispiel-Diskussion ${index}`, "Diese Beispiel-Diskussion gibt es nicht.");
    }
  } finally {
    await moderator.dispose();
    await admin.dispose();
  }
});

test("malformed intents of every other form: 400 (403 where the guardian refuses) with German text, never a 500", async () => {
  const member = clients.get("member")!;
  const guest = clients.get("guest")!;
  const unknownIntent = "Ein unbekannter Fehler ist aufgetreten.";
  const members = await (await guest.get("/members")).text();
  const profilePath = targets.find((target) => target.name.startsWith("Profil"))!.path;
  const otherProfile = [...members.matchAll(/href="(\/profile\/[0-9a-f-]{36})"/g)]
    .map((match) => match[1]!)
    .find((path) => path !== profilePath)!;

  const cases: Array<[string, string, Record<string, string>, number, string]> = [
    // Notifications: the id goes into a uuid column.
    [
      "Benachrichtigung öffnen mit kaputter ID",
      "/notifications",
      { intent: "open", id: "keine-uuid" },
      400,
      "Diese Benachrichtigung gibt es nicht.",
    ],
    ["Benachrichtigung öffnen ohne ID", "/notifications", { intent: "open" }, 400, "Diese Benachrichtigung gibt es nicht."],
    ["Benachrichtigungen: unbekannter Intent", "/notifications", { intent: "alle-loeschen" }, 400, unknownIntent],
    // The profile's forms, on the member's own profile.
    [
      "Profil: Vorname leer",
      profilePath,
      { intent: "update-profile", firstName: " ", lastName: "Schulz", expertise: "seo", experience: "experte" },
      400,
      "Bitte geben Sie Ihren Vornamen ein.",
    ],
    [
      "Profil: Vorname überlang",
      profilePath,
      { intent: "update-profile", firstName: "x".repeat(61), lastName: "Schulz", expertise: "seo", experience: "experte" },
      400,
      "Höchstens 60 Zeichen.",
    ],
    [
      "Profil: Firma überlang",
      profilePath,
      {
        intent: "update-profile",
        firstName: "Jonas",
        lastName: "Schulz",
        company: "x".repeat(121),
        expertise: "seo",
        experience: "experte",
      },
      400,
      "Höchstens 120 Zeichen.",
    ],
    [
      "Profil: unbekannte Expertise",
      profilePath,
      { intent: "update-profile", firstName: "Jonas", lastName: "Schulz", expertise: "<b>", experience: "experte" },
      400,
      "Ungültiger Wert.",
    ],
    ["Profilbild ohne Datei", profilePath, { intent: "upload-avatar", avatar: "kein-bild" }, 400, "Nur Bilddateien sind erlaubt."],
    ["Profilbild eines anderen entfernen", otherProfile, { intent: "remove-avatar" }, 403, "Berechtigung verweigert"],
    [
      "Benachrichtigungseinstellungen mit unbekanntem Wert",
      profilePath,
      { intent: "update-notifications", newsletter: "vielleicht" },
      400,
      "Fehler beim Speichern der Einstellungen",
    ],
    [
      "Konto löschen ohne Bestätigung",
      profilePath,
      { intent: "delete-account", confirmation: "loeschen" },
      400,
      "Bitte „LÖSCHEN“ eingeben.",
    ],
    // Push devices (decision 0060): the browser's subscription is checked, and only public push services are taken.
    [
      "Push-Gerät mit kaputter Anmeldung",
      profilePath,
      { intent: "add-push-device", endpoint: "kein-url", p256dh: "x", auth: "y" },
      400,
      "Der Browser hat keine gültige Push-Anmeldung geliefert.",
    ],
    [
      "Push-Gerät im eigenen Netz",
      profilePath,
      { intent: "add-push-device", endpoint: "https://192.168.1.10/push", p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) },
      400,
      "Dieser Push-Dienst wird nicht unterstützt.",
    ],
    [
      "Push-Gerät mit kaputter ID entfernen",
      profilePath,
      { intent: "remove-push-device", id: "keine-uuid" },
      400,
      "Dieses Gerät ist nicht mehr eingetragen.",
    ],
    [
      "Push-Gerät eines anderen entfernen",
      otherProfile,
      { intent: "remove-push-device", id: "00000000-0000-4000-8000-000000000000" },
      403,
      "Berechtigung verweigert",
    ],
    ["Profil: unbekannter Intent", profilePath, { intent: "alles-loeschen" }, 400, unknownIntent],
    // A new discussion assigned to something that is no member's id.
    [
      "Diskussion mit kaputter Zuweisung",
      "/create-discussion",
      { similarSeen: "1", title: "Eine ganz normale Frage", category: "seo", content: "Ein Inhalt.", assignedTo: "keine-uuid" },
      400,
      "Das ausgewählte Mitglied gibt es nicht.",
    ],
    [
      "Diskussion mit überlanger Zuweisung",
      "/create-discussion",
      { similarSeen: "1", title: "Eine ganz normale Frage", category: "seo", content: "Ein Inhalt.", assignedTo: "a".repeat(101) },
      400,
      "Das ausgewählte Mitglied gibt es nicht.",
    ],
    // Watching a subforum, a category and a discussion.
    [
      "Subforum beobachten mit unbekannter Stufe",
      "/subforum/seo",
      { intent: "watch", level: "kaiser" },
      400,
      "Bitte wählen Sie, wie Sie die Kategorie verfolgen.",
    ],
    ["Kategorie beobachten ohne Stufe", "/category/tools", { intent: "watch" }, 400, "Bitte wählen Sie, wie Sie die Kategorie verfolgen."],
    ["Subforum: unbekannter Intent", "/subforum/seo", { intent: "alles-loeschen" }, 400, unknownIntent],
    [
      "Diskussion beobachten mit unbekannter Stufe",
      discussionPath,
      { intent: "watch", level: "kaiser" },
      400,
      "Bitte wählen Sie, wie Sie die Diskussion verfolgen.",
    ],
    // Anyone's choices: the theme and the unsubscribe link of a mail.
    ["Farbschema unbekannt", "/theme", { theme: "pink" }, 400, "Bitte wählen Sie System, Hell oder Dunkel."],
    ["Farbschema fehlt", "/theme", {}, 400, "Bitte wählen Sie System, Hell oder Dunkel."],
    [
      "Abmelden mit unsinnigem Token",
      "/notifications/unsubscribe?token=unsinn.%27%20OR%201%3D1",
      {},
      400,
      "Dieser Abmeldelink ist ungültig.",
    ],
    ["Abmelden mit überlangem Token", `/notifications/unsubscribe?token=${"a".repeat(600)}`, {}, 400, "Dieser Abmeldelink ist ungültig."],
    // The account links: a reset with a token that never was one, a resend for an address that is none.
    [
      "Passwort zurücksetzen mit unsinnigem Token",
      "/reset-password",
      { token: "unsinn", password: "geheim123", confirmPassword: "geheim123" },
      400,
      "Ungültiger Link",
    ],
    ["Bestätigung erneut senden ohne Adresse", "/email-confirmation", {}, 400, "E-Mail-Adresse nicht gefunden"],
    ["Bestätigung erneut senden an kaputte Adresse", "/email-confirmation?email=kaputt", {}, 400, "E-Mail-Adresse nicht gefunden"],
    ["Abmelden ohne Token", "/notifications/unsubscribe", { "List-Unsubscribe": "One-Click" }, 400, "Dieser Abmeldelink ist ungültig."],
  ];
  // Soft: one run lists every form that still answers wrongly.
  for (const [label, path, form, status, message] of cases) {
    const response = await member.post(path, { form, maxRedirects: 0 });
    const body = await response.text();
    expect.soft(response.status(), label).toBe(status);
    expect.soft(body, label).toContain(message);
  }
});

test("headers over 16 KB and a 20 KB URL get 431, a long but ordinary URL its page", async () => {
  // Raw: Node refuses these while the client may still be sending, and an HTTP client library reports the reset, not the answer.
  const header = await rawRequest(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Riesig: ${"a".repeat(20_000)}\r\nConnection: close\r\n\r\n`);
  expect(header).toEqual({ status: 431, body: "Die Adresse oder die Kopfzeilen der Anfrage sind zu groß." });
  const url = await rawRequest(`GET /search?q=${"a".repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  expect(url).toEqual({ status: 431, body: "Die Adresse oder die Kopfzeilen der Anfrage sind zu groß." });
  // 4 KB of query: the search cuts the term to its maximum and redirects to that one URL.
  const long = await clients.get("guest")!.get(`/search?q=${"a".repeat(4_000)}`, { maxRedirects: 0 });
  await expectAnswer(long, 302, "4 KB URL");
});

/** Sends bytes no HTTP client library would send and reads the answer up to the end of the connection. */
function rawRequest(bytes: string | Buffer): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error("keine Antwort")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body: rest.join("\r\n\r\n") });
    });
    // Not end(): the server closes after its answer (Connection: close), a half-closed socket might cut that short.
    socket.write(bytes);
  });
}
