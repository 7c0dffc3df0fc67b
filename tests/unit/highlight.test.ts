import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HighlightedText } from "~/components/search/highlighted-text";

const render = (text: string, terms: string[]) => renderToStaticMarkup(createElement(HighlightedText, { text, terms }));

describe("search highlighting", () => {
  it("marks every match case-insensitively", () => {
    expect(render("Backlinks und backlink-Aufbau", ["backlink"])).toBe(
      '<mark class="rounded bg-brand-100 px-0.5 text-inherit">Backlink</mark>s und <mark class="rounded bg-brand-100 px-0.5 text-inherit">backlink</mark>-Aufbau',
    );
  });

  it("cannot inject markup through the text or the terms", () => {
    const html = render('Budget <script>alert(1)</script> <img src=x onerror="alert(2)">', ["<script>", "img", ".*"]);
    expect(html).not.toMatch(/<script|<img/);
    expect(html).toContain("&lt;<mark");
    expect(html.replace(/<\/?mark[^>]*>/g, "")).toBe(
      "Budget &lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=&quot;alert(2)&quot;&gt;",
    );
  });

  it("treats regular-expression characters in terms as text", () => {
    expect(render("a.b axb", ["a.b"])).toBe('<mark class="rounded bg-brand-100 px-0.5 text-inherit">a.b</mark> axb');
  });
});
