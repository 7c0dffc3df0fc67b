import { Icon } from "~/components/ui/icon";
import { paths } from "~/lib/paths";

/**
 * Under every post, for anyone (guests too, without JavaScript): the notice form with this post's address filled
 * in (DSA Art. 16, decision 0048). nofollow: crawlers have no business with a form page per post.
 */
export function LegalNoticeLink({ location, label }: { location: string; label: string }) {
  return (
    <a href={paths.legalNoticeFor(location)} rel="nofollow" className="post-action-quiet" aria-label={`Rechtsverstoß melden: ${label}`}>
      <Icon name="scale" className="size-4" />
      Rechtsverstoß melden
    </a>
  );
}
