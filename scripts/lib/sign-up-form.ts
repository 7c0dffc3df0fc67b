/**
 * What a browser sends with the sign-up form besides the person's details
 * (decision 0031), for scripts and tests that sign up over plain HTTP: the
 * signed stamp from the page, and a solved proof-of-work challenge from our
 * challenge route, solved here in Node with altcha-lib as the widget solves it
 * in the browser. Nothing is skipped: the server checks these exactly as it
 * checks a browser's, and a sign-up sent less than 3 s after its stamp is
 * marked "too fast" for the administrator.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

/** Reads a path of the forum as text (fetch, or Playwright's request context). */
export type GetText = (path: string) => Promise<string>;

/** The stamp the sign-up page hands out (its hidden field `formStamp`). */
export async function signUpStamp(get: GetText): Promise<string> {
  const html = await get("/auth?tab=register");
  const stamp = /name="formStamp" value="([^"]+)"/.exec(html)?.[1];
  if (!stamp) throw new Error("Die Registrierungsseite enthält keinen formStamp.");
  return stamp;
}

/** A challenge from GET /auth/challenge, solved: the value of the form's field `altcha`. */
export async function solvedProof(get: GetText): Promise<string> {
  const challenge = JSON.parse(await get("/auth/challenge")) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("Die Rechenaufgabe wurde nicht gelöst.");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

/** Both fields at once, as a form sends them. */
export async function signUpGuard(get: GetText): Promise<{ formStamp: string; altcha: string }> {
  const [formStamp, altcha] = await Promise.all([signUpStamp(get), solvedProof(get)]);
  return { formStamp, altcha };
}

/** `GetText` over fetch for a server at `baseUrl`. */
export function fetchText(baseUrl: string, headers: Record<string, string> = {}): GetText {
  return async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return response.text();
  };
}
