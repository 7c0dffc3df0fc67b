import { issueChallenge } from "~/server/accounts";

/**
 * A proof-of-work challenge for the sign-up form's altcha widget (decision
 * 0031): our own route, so the browser asks no one else. Every request gets a
 * new one; none may be kept by any cache.
 */
export async function loader() {
  return Response.json(await issueChallenge(), { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } });
}
