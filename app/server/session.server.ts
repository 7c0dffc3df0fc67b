import { eq } from "drizzle-orm";
import { profiles, user, userRoles, type ApprovalStatus, type Role } from "../../db/schema";
import { auth } from "./auth.server";
import { db } from "./db.server";

/** The signed-in person as the app sees them: auth user, forum profile and role in one object. */
export interface Viewer {
  id: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  approvalStatus: ApprovalStatus;
  role: Role;
}


const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** The viewer of this request, looked up once per request however many loaders ask. */
export function getViewer(request: Request): Promise<Viewer | null> {
  let viewer = viewers.get(request);
  if (!viewer) {
    viewer = loadViewer(request);
    viewers.set(request, viewer);
  }
  return viewer;
}

async function loadViewer(request: Request): Promise<Viewer | null> {
  const current = await auth.api.getSession({ headers: request.headers });
  if (!current) return null;
  return findViewer(current.user.id);
}

export async function findViewer(userId: string): Promise<Viewer | null> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      approvalStatus: profiles.approvalStatus,
      role: userRoles.role,
    })
    .from(user)
    .innerJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  // No role row means the default role (spec: "defaulting to member").
  return { ...row, role: row.role ?? "member" };
}
