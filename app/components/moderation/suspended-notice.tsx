import { Alert, AlertTitle } from "~/components/ui/alert";

/** The page after a suspension ended the member's session: they were signed out, and read here why and until when. */
export function SuspendedNotice({ text }: { text: string }) {
  return (
    <Alert variant="destructive" data-testid="suspended-notice" className="mb-4 [overflow-wrap:anywhere]">
      <AlertTitle>Sie wurden abgemeldet</AlertTitle>
      <p>{text}</p>
    </Alert>
  );
}
