import { Fragment } from "react";
import { pageTextAttribute } from "~/lib/page-text";

export const URL_PATTERN = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

/** Plain-text comments: React escapes the text; URLs become nofollow links. */
export function LinkifiedText({ text, pageTextKey }: { text: string; pageTextKey?: string }) {
  return (
    <p className="whitespace-pre-line break-words" {...(pageTextKey ? { [pageTextAttribute]: pageTextKey } : {})}>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} rel="nofollow ugc noopener" target="_blank" className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </p>
  );
}
