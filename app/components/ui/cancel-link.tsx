import { Link } from "react-router";
import { Button } from "./button";

/** "Abbrechen" for inline edit forms: back to the page without its ?edit parameters, scroll position kept. */
export function CancelLink({ size, variant = "outline" }: { size?: "sm"; variant?: "outline" | "ghost" }) {
  return (
    <Button asChild size={size} variant={variant}>
      <Link to="." preventScrollReset>
        Abbrechen
      </Link>
    </Button>
  );
}
