import { data } from "react-router";
import { findDevMail, isDevMailboxKey } from "~/server/mail";
import type { Route } from "./+types/dev.mailbox.mail";

/**
 * One mail of the developer mailbox as its HTML part, the document a mail program would show: to look at its
 * layout and check it. The same key as the mailbox; the mail's markup runs sandboxed, with no script and nothing
 * loaded but its own inline styles and pictures.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  if (!isDevMailboxKey(new URL(request.url).searchParams.get("key"))) throw data(null, { status: 404 });
  const mail = /^[0-9a-f-]{36}$/.test(params.id) ? await findDevMail(params.id) : null;
  if (!mail) throw data(null, { status: 404 });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
      "Content-Security-Policy":
        "sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src https: data:",
    },
  });
}
