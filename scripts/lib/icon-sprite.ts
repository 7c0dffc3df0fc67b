/**
 * The icon sprite (decision record 0039): every icon of app/lib/icons.ts as a <symbol> of one SVG file,
 * drawn from lucide's own icon data, so a page references an icon (`<use href="/assets/icons-<hash>.svg#pencil">`)
 * instead of carrying its paths. The Vite plugin emits the file as a hashed asset of the client build, which the
 * build's compression step stores as .br and .gz and the server sends with a year's cache (server/pipeline.ts);
 * `virtual:icon-sprite` is its URL, the same in the server build (the same list gives the same hash). In
 * development and in tests the sprite is served at DEV_SPRITE_URL.
 */
import { createHash } from "node:crypto";
import type { Plugin } from "vite";
import { iconNames } from "../../app/lib/icons.ts";

const VIRTUAL_ID = "virtual:icon-sprite";
const DEV_SPRITE_URL = "/icons.svg";

type IconNode = Array<[string, Record<string, string | number>]>;

const escapeAttribute = (value: string | number) =>
  String(value).replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");

/** lucide's icon data for a name (its `icons/<name>` module), checked to be the icon asked for. */
async function iconNode(name: string): Promise<IconNode> {
  const icon = (await import(`lucide-react/icons/${name}`)) as { __iconData?: { name: string; node: IconNode } };
  if (icon.__iconData?.name !== name) throw new Error(`lucide hat kein Icon „${name}“ (app/lib/icons.ts)`);
  return icon.__iconData.node;
}

/**
 * The sprite's SVG. Each symbol wraps its shapes in a group with lucide's default look (no fill, a 2-unit
 * round stroke in the text colour): `currentColor` is the colour of the page's <svg> that uses it.
 */
export async function iconSpriteSvg(names: readonly string[] = iconNames): Promise<string> {
  const symbols = await Promise.all(
    names.map(async (name) => {
      const shapes = (await iconNode(name))
        .map(([tag, attributes]) => {
          const written = Object.entries(attributes)
            .filter(([attribute]) => attribute !== "key")
            .map(([attribute, value]) => ` ${attribute}="${escapeAttribute(value)}"`)
            .join("");
          return `<${tag}${written}/>`;
        })
        .join("");
      return `<symbol id="${name}" viewBox="0 0 24 24"><g fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${shapes}</g></symbol>`;
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join("")}</svg>`;
}

export function iconSprite(command: "build" | "serve", isSsrBuild: boolean | undefined): Plugin {
  let built: Promise<{ fileName: string; svg: string }> | undefined;
  const build = async () => {
    const svg = await iconSpriteSvg();
    const hash = createHash("sha256").update(svg).digest("base64url").slice(0, 8);
    return { fileName: `assets/icons-${hash}.svg`, svg };
  };
  return {
    name: "icon-sprite",
    resolveId: (source) => (source === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined),
    async load(resolved) {
      if (resolved !== `\0${VIRTUAL_ID}`) return;
      if (command === "serve") return `export default ${JSON.stringify(DEV_SPRITE_URL)};`;
      built ??= build();
      const { fileName, svg } = await built;
      if (!isSsrBuild) this.emitFile({ type: "asset", fileName, source: svg });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
    configureServer(server) {
      server.middlewares.use(DEV_SPRITE_URL, (_request, response) => {
        void iconSpriteSvg().then((svg) => {
          response.setHeader("Content-Type", "image/svg+xml");
          response.end(svg);
        });
      });
    },
  };
}
