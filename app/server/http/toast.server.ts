import { createCookie, redirect } from "react-router";
import { toastMessageSchema, toastMessage, type ToastLink, type ToastMessage } from "~/lib/toast";
import { env, TOAST_COOKIE_NAME } from "~/server/platform";

/**
 * One-shot messages across a redirect ("Willkommen zurück!"). Stored in a
 * short-lived cookie, read and cleared by the root loader, shown by the toaster.
 */
const toastCookie = createCookie(TOAST_COOKIE_NAME, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: env.PUBLIC_URL.startsWith("https://"),
  maxAge: 60,
});

export async function toastCookieHeader(
  type: ToastMessage["type"],
  title: string,
  description?: string,
  link?: ToastLink,
): Promise<string> {
  return toastCookie.serialize(toastMessage(type, title, description, link));
}

export async function redirectWithToast(
  url: string,
  toast: { type: ToastMessage["type"]; title: string; description?: string; link?: ToastLink },
  headers?: HeadersInit,
): Promise<Response> {
  const responseHeaders = new Headers(headers);
  responseHeaders.append("Set-Cookie", await toastCookieHeader(toast.type, toast.title, toast.description, toast.link));
  return redirect(url, { headers: responseHeaders });
}

/** The pending toast, and the header that clears it. */
export async function readToast(request: Request): Promise<{ toast: ToastMessage | null; clearHeader: string | null }> {
  const raw: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, clearHeader: null };
  const parsed = toastMessageSchema.safeParse(raw);
  return {
    toast: parsed.success ? parsed.data : null,
    clearHeader: await toastCookie.serialize("", { maxAge: 0 }),
  };
}
