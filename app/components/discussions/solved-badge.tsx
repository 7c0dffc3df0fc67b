// The badge is shared by the discussion page and every list (home's cards too, which may import only from ui):
// it lives in app/components/ui/solved-badge.tsx. This name stays until the discussion page imports from there.
export { SolvedBadge } from "~/components/ui/solved-badge";
