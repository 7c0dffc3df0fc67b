import { Fragment } from "react";
import { pageTextAttribute } from "~/lib/page-text";
import { splitMentions } from "~/lib/mentions";
import { paths } from "~/lib/paths";
import { URL_PATTERN } from "~/lib/links";

/**
 * Plain-text comments: React escapes the text; URLs become nofollow links and
 * `@[Name](id)` mentions links to the profile (decision 0017).
 */
export function LinkifiedText({ text, pageTextKey }: { text: string; pageTextKey?: string }) {
  return (
    <p className="whitespace-pre-line break-words" {...(pageTextKey ? { [pageTextAttribute]: pageTextKey } : {})}>
      {splitMentions(text).map((part, index) =>
        part.kind === "mention" ? (
          <a key={index} href={paths.profile(part.memberId)} data-mention={part.memberId} className="font-medium text-brand-700 underline">
            @{part.name}
          </a>
        ) : (
          <Urls key={index} text={part.text} />
        ),
      )}
    </p>
  );
}

/** The token a mention link stands for, so text read back from the page (usePageText) keeps it. */
export function textWithMentions(element: Element): string {
  let text = "";
  for (const node of element.childNodes) {
    if (node instanceof Element && node.hasAttribute("data-mention")) {
      text += `@[${(node.textContent ?? "").replace(/^@/, "")}](${node.getAttribute("data-mention")})`;
    } else if (node instanceof Element) {
      text += textWithMentions(node);
    } else {
      text += node.textContent ?? "";
    }
  }
  return text;
}

function Urls({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} rel="nofollow ugc noopener" target="_blank" className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
