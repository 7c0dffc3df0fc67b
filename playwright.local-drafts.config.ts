import base from "./playwright.config";

// Local only (not committed): the shared machine's load makes the server start slower than the config's 60 s.
export default { ...base, webServer: { ...(base.webServer as object), timeout: 240_000 } };
