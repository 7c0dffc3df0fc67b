import { Link } from "react-router";
import { Button } from "./button";

/** "Abbrechen" for inline edit forms: back to the page without its ?edit parameters, scroll position kept. */
export function CancelLink({ size, variant = "outline", to = "." }: { size?: "sm"; variant?: "outline" | "ghost"; to?: string }) {
  return (
    <Button asChild size={size} variant={variant}>
      <Link to={to} preventScrollReset>
        Abbrechen
      </Link>
    </Button>
  );
}
