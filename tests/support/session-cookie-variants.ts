/**
 * Spellings of a session cookie that some cookie parser might read as the
 * session: better-auth's own parser and better-call's (which its getSession
 * uses) trim differently, pick different duplicates and unquote differently,
 * and the next version may be more lenient still. The guest page cache must
 * treat every one of them as "maybe a member" or keep it from the render
 * (tests/unit/page-cache.test.ts, e2e/page-cache-sessions.spec.ts,
 * tests/cluster/two-app-servers.test.ts).
 */
export interface CookieVariant {
  label: string;
  /** One value per Cookie header line; a server joins several with "; ". */
  headers: string[];
}

export const SESSION_COOKIE_NAME = "forum.session_token";

/** All variants for a session cookie's value as the browser sends it (percent-encoded signature included). */
export function sessionCookieVariants(value: string, name = SESSION_COOKIE_NAME): CookieVariant[] {
  const decoded = safeDecode(value);
  const one = (label: string, header: string): CookieVariant => ({ label, headers: [header] });
  return [
    one("as the browser sends it", `${name}=${value}`),
    one("space before =", `${name} =${value}`),
    one("tab before =", `${name}\t=${value}`),
    one("space before the name", ` ${name}=${value}`),
    one("tab before the name", `\t${name}=${value}`),
    one("space after =", `${name}= ${value}`),
    one("tab after =", `${name}=\t${value}`),
    one("spaces around =", `${name} = ${value}`),
    one("tabs around =", `${name}\t=\t${value}`),
    one("spaces and tabs before =", `${name}  \t =${value}`),
    one("space after the value", `${name}=${value} `),
    one("no-break space before the name", `\u00a0${name}=${value}`),
    one("no-break space before =", `${name}\u00a0=${value}`),
    one("; without space", `theme=dark;${name}=${value}`),
    one("; without space, space before =", `sidebar_state=false;${name} =${value}`),
    one("trailing ;", `${name}=${value};`),
    one("trailing ; and space", `${name} =${value}; `),
    one("empty pairs", `;;${name}=${value};;`),
    one("comma instead of ;", `theme=dark, ${name}=${value}`),
    one("comma without space", `theme=dark,${name} =${value}`),
    one("upper-case name", `${name.toUpperCase()}=${value}`),
    one("mixed-case name", `${capitalise(name)}=${value}`),
    one("mixed-case name, space before =", `${capitalise(name)} =${value}`),
    one("quoted value", `${name}="${value}"`),
    one("quoted value, space before =", `${name} ="${value}"`),
    one("quoted value, space after =", `${name}= "${value}"`),
    one("decoded value", `${name}=${decoded}`),
    one("junk first, real second", `${name}=junk.wert; ${name}=${value}`),
    one("real first, junk second", `${name}=${value}; ${name}=junk.wert`),
    one("invalid junk first, real second", `${name}=kein wert"; ${name}=${value}`),
    one("empty first, real second", `${name}=; ${name}=${value}`),
    one("real first, empty second", `${name}=${value}; ${name}=`),
    one("junk first, real second with space", `${name}=junk.wert; ${name} =${value}`),
    one("real with space first, junk second", `${name} =${value}; ${name}=junk.wert`),
    one("percent-encoded dot", `${name.replace(".", "%2E")}=${value}`),
    one("percent-encoded dot, lower case", `${name.replace(".", "%2e")}=${value}`),
    one("percent-encoded first letter", `%${name.charCodeAt(0).toString(16)}${name.slice(1)}=${value}`),
    one("percent-encoded underscore", `${name.replace("_", "%5F")}=${value}`),
    one("__Secure- prefix", `__Secure-${name}=${value}`),
    one("__Host- prefix", `__Host-${name}=${value}`),
    one("__Secure- prefix, space before =", `__Secure-${name} =${value}`),
    one("lower-case __secure- prefix", `__secure-${name}=${value}`),
    one("dash instead of dot", `${name.replace(".", "-")}=${value}`),
    one("among guest cookies", `sidebar_state=false; theme=dark; ${name} =${value}`),
    { label: "two Cookie headers", headers: ["theme=dark", `${name}=${value}`] },
    { label: "two Cookie headers, space before =", headers: [`${name} =${value}`, "sidebar_state=false"] },
    { label: "two Cookie headers, junk first", headers: [`${name}=junk.wert`, `${name}=${value}`] },
    { label: "two Cookie headers, junk second", headers: [`${name}=${value}`, `${name}=junk.wert`] },
  ];
}

function capitalise(name: string): string {
  return name.replace(/(^|[._-])([a-z])/g, (_match, separator: string, letter: string) => separator + letter.toUpperCase());
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
