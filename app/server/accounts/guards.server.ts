import { data, redirect } from "react-router";
import { paths } from "~/lib/paths";
import { safeRedirectTarget } from "~/lib/safe-redirect";
import { texts } from "~/lib/texts";
import { refusalText } from "~/lib/moderation";
import { fail, ok, type Outcome } from "~/server/platform";
import { awaitsSecondFactor, can, isApproved, type Permission } from "./permissions.server";
import { getViewer, type Viewer } from "./session.server";

/** Guards throw responses, so a loader or action ends right there. */
function currentPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/** The sign-in page that leads back to this very page, its query included (a preselected category survives). */
export function signInPathBackTo(request: Request): string {
  return `${paths.auth}?redirectTo=${encodeURIComponent(safeRedirectTarget(currentPath(request)))}`;
}

export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw redirect(signInPathBackTo(request));
  return viewer;
}

/** Signed in and approved (or admin); anyone else waits on /pending-approval. */
export async function requireApprovedUser(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!isApproved(viewer)) throw redirect(paths.pendingApproval);
  return viewer;
}

/**
 * The same question for answers that must stay on the page or in JSON
 * (a fetch has no use for a redirect to the sign-in page).
 */
export function checkPermission(
  viewer: Viewer | null,
  permission: Permission,
  messages: { unauthenticated: string; forbidden: string },
): Outcome<Viewer> {
  if (!viewer) return fail("unauthenticated", messages.unauthenticated);
  return can(viewer, permission) ? ok(viewer) : fail("forbidden", messages.forbidden);
}

/** `refusal`: the page's own text for members it is not for (the spec's default is the admin panel's). */
export async function requirePermission(request: Request, permission: Permission, refusal: string = texts.accessDenied): Promise<Viewer> {
  const viewer = await requireApprovedUser(request);
  if (!can(viewer, permission)) {
    // Staff without a second factor set one up first, and come back here (decision 0050).
    if (awaitsSecondFactor(viewer, permission))
      throw redirect(`${paths.secondFactor}?redirectTo=${encodeURIComponent(safeRedirectTarget(currentPath(request)))}`);
    // A silenced member learns why (and until when) rather than the general refusal.
    throw data({ message: refusalText(viewer, refusal) }, { status: 403 });
  }
  return viewer;
}

/** Ends a loader with a 404 when the thing it looked for is missing. */
export function notFoundUnless<T>(value: T | null | undefined, message = "Nicht gefunden"): T {
  if (value === null || value === undefined) throw data({ message }, { status: 404 });
  return value;
}

/**
 * The ?page of a paginated list. Page 1 has one URL only (a 301 to the bare
 * path); anything but a positive whole number is no page at all (404).
 */
export function requirePageParam(request: Request, basePath: string): number {
  const pageParam = new URL(request.url).searchParams.get("page");
  if (pageParam === null) return 1;
  if (pageParam === "1") throw redirect(basePath, 301);
  if (!/^[1-9]\d{0,5}$/.test(pageParam)) throw data(null, { status: 404 });
  return Number(pageParam);
}
