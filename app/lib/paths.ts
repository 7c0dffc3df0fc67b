/** Path constants, so links and redirects never drift apart. */
export const paths = {
  home: "/",
  auth: "/auth",
  members: "/members",
  search: "/search",
  admin: "/admin",
  createDiscussion: "/create-discussion",
  impressum: "/impressum",
  agb: "/agb",
  datenschutz: "/datenschutz",
  discussion: (slug: string) => `/discussion/${encodeURIComponent(slug)}`,
  profile: (id: string) => `/profile/${encodeURIComponent(id)}`,
  subforum: (segment: string) => `/subforum/${segment}`,
  searchFor: (query: string) => `/search?q=${encodeURIComponent(query)}`,
} as const;
