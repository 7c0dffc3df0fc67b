import { Icon } from "~/components/ui/icon";

/** A slim line above every page of a silenced member: they read, and learn here why their forms are refused. */
export function SilencedBanner({ text }: { text: string }) {
  return (
    <p
      data-testid="silenced-banner"
      className="mb-4 flex items-start gap-2 rounded-md border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 [overflow-wrap:anywhere]"
    >
      <Icon name="mic-off" className="mt-0.5 size-4 shrink-0" />
      <span>{text}</span>
    </p>
  );
}
