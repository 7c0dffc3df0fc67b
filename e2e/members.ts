import { request, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expect, test, testClientIp } from "./fixtures";
import { signInOverHttp, signUpOverHttp, storageStateOf } from "./auth-helpers";
import { linkIn, waitForMail } from "./mail";
import { appCode, appKeyIn, rememberAppKey } from "./app-keys";

/**
 * Members of one test's own (decision 0011): made for it through the app, as an
 * administrator would make them, so no spec reads or changes another's
 * accounts, notifications, rate limits or log entries. The e2e server keeps
 * its database in its own process (PGlite in memory), so the way in is HTTP:
 * the administrator's "Benutzer erstellen" form for approved members, the
 * sign-up form and its confirmation mail for pending ones. The demo accounts
 * of e2e/auth-helpers.ts stay for tests that only read.
 */
export interface Member {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** As the forum shows it: first and last name. */
  name: string;
  role: "member" | "moderator" | "admin";
  approved: boolean;
}

export interface MemberOptions {
  role?: Member["role"];
  /** False: signed up and address confirmed, waiting for an administrator (default true). */
  approved?: boolean;
  /** Defaults to the role's German name; the last name is made unique. */
  firstName?: string;
  lastName?: string;
  company?: string;
  /** Staff only: made without setting up a second factor, so they cannot use their powers yet (decision 0050). */
  withoutSecondFactor?: boolean;
}

const firstNames: Record<Member["role"], string> = { member: "Mitglied", moderator: "Moderatorin", admin: "Administratorin" };
const PASSWORD = "eigenes-passwort";
let made = 0;

/**
 * Unique among all members, and no prefix of another's (the directory search matches parts of names): a counter,
 * the worker and the time, each ended by an "x". Digits become letters, so the name is one word for the search,
 * for a slug and for an @ mention.
 */
function uniqueSuffix(): string {
  made += 1;
  const raw = `${made}x${test.info().workerIndex}x${Date.now().toString(36)}`;
  return raw.replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)));
}

function baseURL(): string {
  return test.info().project.use.baseURL!;
}

/** The administrator of the demo data, on the session e2e/auth.setup.ts stored: no sign-in, so no rate limit is used up. */
function asAdministrator(): Promise<APIRequestContext> {
  return request.newContext({
    baseURL: baseURL(),
    storageState: storageStateOf("admin"),
    extraHTTPHeaders: { "X-Forwarded-For": testClientIp() },
  });
}

async function createOne(admin: APIRequestContext, options: MemberOptions): Promise<Member> {
  const role = options.role ?? "member";
  const approved = options.approved ?? true;
  const suffix = uniqueSuffix();
  const firstName = options.firstName ?? firstNames[role];
  const lastName = options.lastName ? `${options.lastName}${suffix}` : `Fabrik${suffix}`;
  const member: Member = {
    email: `fabrik.${suffix}@example.com`,
    password: PASSWORD,
    firstName,
    lastName,
    name: `${firstName} ${lastName}`,
    role,
    approved,
  };
  if (approved) {
    const response = await admin.post("/admin", {
      form: {
        intent: "create-user",
        email: member.email,
        password: member.password,
        username: member.name,
        company: options.company ?? "",
        expertise: "seo",
        experience: "experte",
        role,
      },
      maxRedirects: 0,
    });
    // Back to the panel: a session that is no longer an administrator's would be sent to sign in, also with 302.
    expect(
      { status: response.status(), location: response.headers().location },
      `create ${member.email}: ${await response.text().catch(() => "")}`,
    ).toEqual({ status: 302, location: "/admin" });
    if (role !== "member" && !options.withoutSecondFactor) await setUpApp(member);
    return member;
  }
  if (role !== "member") throw new Error("a pending member has no staff role yet");
  // A stranger signs up and follows the confirmation link, as a person would.
  const stranger = await request.newContext({ baseURL: baseURL() });
  try {
    const since = Date.now();
    await signUpOverHttp(stranger, { firstName, lastName, email: member.email, password: member.password });
    const confirmation = await waitForMail(member.email, "verification", since);
    const verified = await stranger.get(linkIn(confirmation, "/auth/verify-email"), {
      headers: { "X-Forwarded-For": testClientIp() },
      maxRedirects: 0,
    });
    expect(verified.status(), `confirm ${member.email}`).toBe(302);
  } finally {
    await stranger.dispose();
  }
  return member;
}

/**
 * Staff powers need a second factor (decision 0050): a new administrator or moderator sets up an authenticator app
 * on the enrolment page, as a person would, and the test keeps its key to compute the codes at each sign-in.
 */
async function setUpApp(member: Member): Promise<void> {
  const client = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    const signedIn = await client.post("/auth", {
      form: { intent: "sign-in", email: member.email, password: member.password },
      maxRedirects: 0,
    });
    expect(signedIn.status(), `sign-in ${member.email}`).toBe(302);
    await setUpAppIn(client, member.email, member.password);
  } finally {
    await client.dispose();
  }
}

/** The enrolment in a session that is signed in already (a page's `request` shares the page's cookies). */
export async function setUpAppIn(client: APIRequestContext, email: string, password: string): Promise<void> {
  const started = await client.post("/second-factor", { form: { intent: "start", password }, maxRedirects: 0 });
  const key = appKeyIn(await started.text());
  expect(key, `app key for ${email}`).toBeTruthy();
  const confirmed = await client.post("/second-factor", { form: { intent: "confirm", code: appCode(key!) }, maxRedirects: 0 });
  expect(confirmed.status(), `second factor of ${email}`).toBe(302);
  rememberAppKey(email, key!);
}

/** Several members at once: the server hashes their passwords one after another, the requests need not wait for each other. */
export async function createMembers<const List extends readonly MemberOptions[]>(list: List): Promise<{ [K in keyof List]: Member }> {
  const admin = await asAdministrator();
  try {
    return (await Promise.all(list.map((options) => createOne(admin, options)))) as { [K in keyof List]: Member };
  } finally {
    await admin.dispose();
  }
}

export async function createMember(options: MemberOptions = {}): Promise<Member> {
  const [member] = await createMembers([options]);
  return member;
}

/** A plain HTTP client of the member's, signed in over the form's action, with a client IP of its own. */
export async function clientOf(member: Member): Promise<APIRequestContext> {
  const client = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  await signInOverHttp(client, member.email, member.password);
  return client;
}

/** A browser page of the member's own (own cookies, own client IP), signed in. */
export async function pageOf(browser: Browser, member: Member): Promise<Page> {
  const context = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  const page = await context.newPage();
  await signInOverHttp(page, member.email, member.password);
  return page;
}

/** The member's profile address, from the directory as a guest sees it (approved members only; the last name is unique). */
export async function profilePathOf(member: Member): Promise<string> {
  const guest = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { "X-Forwarded-For": testClientIp() } });
  try {
    const html = await (await guest.get(`/members?q=${encodeURIComponent(member.lastName)}`)).text();
    const paths = [...html.matchAll(/href="(\/profile\/[0-9a-f-]{36})"/g)].map((match) => match[1]!);
    expect(new Set(paths).size, `${member.name} in the directory`).toBe(1);
    return paths[0]!;
  } finally {
    await guest.dispose();
  }
}
