import { useEffect, useRef, useState } from "react";
import { useSiteIdentity } from "~/lib/site-identity";
import { cn } from "~/lib/utils";

/** The logo image, or an orange letter tile when the image cannot be loaded. */
export function Logo({ className }: { className?: string }) {
  const { name } = useSiteIdentity();
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // The image may have failed before hydration, when no onError handler was attached yet.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  if (failed) {
    return (
      <span
        data-testid="logo-fallback"
        aria-hidden="true"
        className={cn(
          "inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-600 text-sm font-bold text-white",
          className,
        )}
      >
        {name.charAt(0)}
      </span>
    );
  }
  return (
    <img
      ref={image}
      // The letter of the fallback tile, for the guest pages' script (app/enhance/guest.ts).
      data-logo={name.charAt(0)}
      src="/brand/logo.svg"
      alt=""
      width={32}
      height={32}
      className={cn("size-8 shrink-0 rounded-md", className)}
      onError={() => setFailed(true)}
    />
  );
}
