import { describe, expect, it } from "vitest";
import { toastMessage, toastMessageSchema } from "~/lib/toast";

describe("toast messages", () => {
  it("carry a link to a page of the forum ('Zur Diskussion' after creating one)", () => {
    const message = toastMessage("success", "Diskussion erfolgreich erstellt!", undefined, {
      href: "/discussion/crawl-budget",
      label: "Zur Diskussion",
    });
    expect(toastMessageSchema.parse(JSON.parse(JSON.stringify(message)))).toMatchObject({
      title: "Diskussion erfolgreich erstellt!",
      link: { href: "/discussion/crawl-budget", label: "Zur Diskussion" },
    });
  });

  it("refuse a link that leaves the site (the message travels in a cookie)", () => {
    for (const href of ["https://evil.example/", "//evil.example", "/\\evil.example", "javascript:alert(1)", "/\t/evil.example"]) {
      const message = { ...toastMessage("success", "Hallo"), link: { href, label: "Weiter" } };
      expect(toastMessageSchema.safeParse(message).success, href).toBe(false);
    }
  });
});
