import type { AnchorHTMLAttributes } from "react";

/**
 * A link inside the page that opens in the app once it has loaded: a plain `<a>` that the layout's one click handler
 * (useInAppLinks) navigates with, instead of a React Router <Link>, whose hooks cost the server a render each (lists
 * of cards, tags and authors made <Link> the app's largest function in a profile of home). Before hydration and
 * without JavaScript it is an ordinary link to the same address.
 * - `stay`: keeps the scroll position, for the controls under a post that open a form where the reader is.
 * - Otherwise the link carries `data-discover`, React Router's own mark for "load this route's code while the
 *   link is shown", which <Link> sets: the first click needs no extra request for the route's manifest.
 */
export function AppLink({
  to,
  stay = false,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; stay?: boolean }) {
  return <a href={to} data-link={stay ? "stay" : ""} data-discover={stay ? undefined : "true"} {...props} />;
}
