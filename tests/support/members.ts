import { db } from "../../app/server/db";
import { createMemberAccount, findViewer, setUpAppWithKey, signIn, type Viewer } from "../../app/server/accounts";
import type { ApprovalStatus, Role } from "../../db/schema";
import { NEW_MEMBER_LIMITS } from "../../app/server/accounts";
import { commentOn, discussionBy } from "./content";

let counter = 0;

interface MemberOptions {
  approvalStatus?: ApprovalStatus;
  role?: Role;
  firstName?: string;
  lastName?: string;
  /**
   * How long ago they joined; default now. A member who joined a week ago or more and has five published posts is
   * no longer new (decision 0035): their posts are neither held for links nor counted against a newcomer's limit.
   */
  joinedDaysAgo?: number;
  /**
   * No longer new (decision 0035): joined a month ago (unless `joinedDaysAgo` says otherwise) and with the published
   * posts it takes, written through the services (a discussion of their own and comments on it). Their reports weigh
   * by their record (decision 0030), a new member's count for nothing.
   */
  established?: boolean;
}

/** An address no other member of the run has. */
function uniqueEmail(): string {
  counter += 1;
  return `mitglied${counter}.${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/**
 * The authenticator-app key of every staff member the factories make: staff powers need a second factor
 * (decision 0050), so they have a real one, as the demo's staff do.
 */
export const STAFF_APP_KEY = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

/** A member straight in the database, returned as the app sees them. Staff come with their second factor. */
export async function makeViewer(options: MemberOptions = {}): Promise<Viewer> {
  const email = uniqueEmail();
  const joinedDaysAgo = options.joinedDaysAgo ?? (options.established ? 30 : undefined);
  const id = await createMemberAccount(db, {
    email,
    password: { hash: "unused" },
    firstName: options.firstName ?? `Test${counter}`,
    lastName: options.lastName ?? "Mitglied",
    approvalStatus: options.approvalStatus ?? "approved",
    role: options.role ?? "member",
    emailVerified: true,
    ...(joinedDaysAgo ? { createdAt: new Date(Date.now() - joinedDaysAgo * 86_400_000) } : {}),
  });
  if ((options.role ?? "member") !== "member") await setUpAppWithKey(db, id, STAFF_APP_KEY);
  const viewer = (await findViewer(id))!;
  if (options.established) await publishEnoughPosts(viewer);
  return viewer;
}

/** The published posts that make a member established: one discussion and comments on it. */
async function publishEnoughPosts(member: Viewer): Promise<void> {
  const discussion = await discussionBy(member, { title: `Erfahrung ${crypto.randomUUID()}`, category: "general" });
  for (let written = 1; written < NEW_MEMBER_LIMITS.publishedPosts; written++)
    await commentOn(discussion.id, member, { content: `Beitrag ${written}` });
}

export interface SignedInMember {
  viewer: Viewer;
  email: string;
  password: string;
  /** The Cookie header of a fresh session, as the browser sends it. */
  cookie: string;
}

const PASSWORD = "mitglieds-passwort";

/** A member with a password, signed in through the app's own sign-in (a session row and its signed cookie). */
export async function signedInMember(options: MemberOptions = {}): Promise<SignedInMember> {
  const email = uniqueEmail();
  const id = await createMemberAccount(db, {
    email,
    password: { clear: PASSWORD },
    firstName: options.firstName ?? `Test${counter}`,
    lastName: options.lastName ?? "Mitglied",
    approvalStatus: options.approvalStatus ?? "approved",
    role: options.role ?? "member",
    emailVerified: true,
  });
  const signedIn = await signIn(new Request("http://localhost:3000/auth", { method: "POST" }), "127.0.0.1", email, PASSWORD);
  if (!signedIn.ok || !("viewer" in signedIn.value)) throw new Error(`sign-in of ${email} failed`);
  // Staff set up their second factor in this session, as the enrolment page has them do.
  if ((options.role ?? "member") !== "member") await setUpAppWithKey(db, id, STAFF_APP_KEY);
  return { viewer: (await findViewer(id))!, email, password: PASSWORD, cookie: cookieHeaderOf(signedIn.value.setCookie) };
}

/** The Cookie header a browser sends back for these Set-Cookie headers. */
export function cookieHeaderOf(setCookie: string[]): string {
  return setCookie.map((cookie) => cookie.split(";")[0]).join("; ");
}
