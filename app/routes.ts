import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("llms.txt", "routes/llms.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("sitemaps/:file", "routes/sitemap-page.ts"),
  route("feed.xml", "routes/feed.ts"),
  route("subforum/:segment/feed.xml", "routes/subforum-feed.ts"),
  // After robots.txt and llms.txt, which rank alike and win by coming first.
  route(":key.txt", "routes/index-now-key.ts"),
  // The categories without a subforum: the same list and feed (app/lib/categories.ts, listings).
  route("kategorie/:segment/feed.xml", "routes/subforum-feed.ts", { id: "routes/category-feed" }),
  // Auth pages render outside the main layout.
  route("auth", "routes/auth.tsx"),
  route("auth/verify-email", "routes/auth.verify-email.ts"),
  route("auth/magic-link", "routes/auth.magic-link.ts"),
  route("auth/sign-out", "routes/auth.sign-out.ts"),
  route("email-confirmation", "routes/email-confirmation.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("pending-approval", "routes/pending-approval.tsx"),
  route("dev/mailbox", "routes/dev.mailbox.tsx"),
  route("discussion/:slug/view", "routes/discussion.view.ts"),
  route("discussion/:slug/ungelesen", "routes/discussion-unread.ts"),
  // A literal suffix after the parameter: React Router matches "/discussion/<slug>.md" here with params.slug = "<slug>".
  route("discussion/:slug.md", "routes/discussion-markdown.ts"),
  route("discussion/:slug/feed.xml", "routes/discussion-feed.ts"),
  route("profile/:id/export", "routes/profile-export.ts"),
  route("admin/samples", "routes/admin.samples.ts"),
  route("theme", "routes/theme.ts"),
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("subforum/:segment", "routes/subforum.tsx"),
    route("kategorie/:segment", "routes/subforum.tsx", { id: "routes/category" }),
    route("create-discussion", "routes/create-discussion.tsx"),
    route("search", "routes/search.tsx"),
    route("members", "routes/members.tsx"),
    route("profile/:id", "routes/profile.tsx"),
    route("discussion/:slug", "routes/discussion.tsx"),
    route("admin", "routes/admin.tsx"),
    route("benachrichtigungen", "routes/notifications.tsx"),
    route("benachrichtigungen/abbestellen", "routes/unsubscribe.tsx"),
    route("impressum", "routes/impressum.tsx"),
    route("agb", "routes/agb.tsx"),
    route("datenschutz", "routes/datenschutz.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
