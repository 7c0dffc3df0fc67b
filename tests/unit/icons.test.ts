import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { iconNames } from "~/lib/icons";
import { iconSpriteSvg } from "../../scripts/lib/icon-sprite";
import { sourceFiles } from "../support/source-files";

describe("the icon sprite (decision record 0039)", () => {
  it("holds every listed icon once, drawn from lucide's data", async () => {
    const svg = await iconSpriteSvg();
    const ids = [...svg.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual([...iconNames]);
    expect(new Set(ids).size).toBe(ids.length);
    // Every symbol draws something, in lucide's look, coloured by the page's text.
    for (const symbol of svg.split("<symbol ").slice(1))
      expect(symbol).toMatch(/stroke="currentColor"[^>]*><(path|circle|rect|line|polyline|polygon|ellipse)\b/);
  });

  it("refuses a name lucide does not have", async () => {
    await expect(iconSpriteSvg(["kein-solches-icon"])).rejects.toThrow(/kein-solches-icon/);
  });

  it("is the one way the app draws an icon: no module imports lucide-react", () => {
    const importers = sourceFiles("app").filter((file) => /from "lucide-react/.test(fs.readFileSync(file, "utf8")));
    expect(importers).toEqual([]);
  });
});
