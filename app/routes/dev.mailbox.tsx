import { data } from "react-router";
import { formatDate } from "~/lib/format";
import { seoMeta } from "~/lib/seo";
import { isDevMailboxKey, listDevMailbox } from "~/server/mail";
import type { Route } from "./+types/dev.mailbox";

/**
 * Developer mailbox: where mails go when no SMTP server is configured. Never on
 * a public host, and only with the key from the start message: without it the
 * page does not exist (a 403 would tell a stranger that there is something to find).
 */
export async function loader({ request }: Route.LoaderArgs) {
  if (!isDevMailboxKey(new URL(request.url).searchParams.get("key"))) throw data(null, { status: 404 });
  const mails = await listDevMailbox();
  // Each mail's HTML part opens on a page of its own, behind the same key.
  return { mails, key: new URL(request.url).searchParams.get("key")! };
}

// The page and its address carry working sign-in links: kept by no cache, and not passed on as Referer.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part} className="break-all text-brand-700 underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}

export default function DevMailboxRoute({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 p-6">
      <h1 className="text-2xl font-bold">Entwickler-Postfach</h1>
      <p className="text-sm text-muted-foreground">
        Ohne <code>SMTP_URL</code> landen alle E-Mails hier (neueste zuerst). Links sind anklickbar.
      </p>
      {loaderData.mails.length === 0 && <p>Noch keine E-Mails.</p>}
      {loaderData.mails.map((mail) => (
        <article key={mail.id} className="rounded-xl border border-border p-4">
          <h2 className="font-semibold">{mail.subject}</h2>
          <p className="text-sm text-muted-foreground">
            An {mail.to} · {formatDate(mail.createdAt)} {new Date(mail.createdAt).toISOString().slice(11, 19)} UTC · {mail.kind}
          </p>
          <pre className="mt-3 whitespace-pre-wrap font-sans text-sm">{linkify(mail.text)}</pre>
          {mail.html && (
            <p className="mt-3 text-sm">
              <a href={`/dev/mailbox/${mail.id}?key=${encodeURIComponent(loaderData.key)}`} className="text-brand-700 underline">
                Als HTML ansehen
              </a>
            </p>
          )}
        </article>
      ))}
    </div>
  );
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(matches, { title: "Entwickler-Postfach", path: "/dev/mailbox", noindex: true });
