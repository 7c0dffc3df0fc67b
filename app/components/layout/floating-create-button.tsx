import { Icon } from "~/components/ui/icon";
import { Link } from "react-router";
import { paths } from "~/lib/paths";

/** In a landmark of its own, so no content of the page lies outside one (axe `region`). */
export function FloatingCreateButton() {
  return (
    <nav aria-label="Schnellaktion">
      <Link
        to={paths.createDiscussion}
        aria-label="Diskussion erstellen"
        title="Diskussion erstellen"
        data-testid="floating-create"
        className="fixed bottom-6 right-6 z-30 inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg hover:bg-primary-hover"
      >
        <Icon name="plus" className="size-6" />
      </Link>
    </nav>
  );
}
