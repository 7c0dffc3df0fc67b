import { env } from "~/server/env.server";

/** Private and per-user pages stay out of search engines; the sitemap is announced. */
export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /auth",
    "Disallow: /create-discussion",
    "Disallow: /pending-approval",
    "Disallow: /reset-password",
    "Disallow: /email-confirmation",
    "Disallow: /dev/",
    "Disallow: /search?",
    "",
    `Sitemap: ${env.PUBLIC_URL}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
