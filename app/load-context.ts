import "react-router";

declare module "react-router" {
  interface AppLoadContext {
    /** Per-request nonce for the Content-Security-Policy (absent in the dev server). */
    cspNonce?: string;
    /** Client IP as Express determined it (honours TRUST_PROXY); used for rate limits. */
    clientIp?: string;
    /**
     * JSON-LD for the <head> of a document request (absent for data requests): loaders add to it
     * with `addStructuredData`, app/entry.server.tsx writes it. Kept out of the loader data, which
     * the page sends a second time for hydration.
     */
    structuredData?: Array<Record<string, unknown>>;
    /** Texts the server renders but leaves out of the hydration data (document requests only; app/lib/page-text.tsx). */
    pageText?: Map<string, string>;
    /** Set by app/entry.server.tsx's handleError when a loader or action met a database that is away or cannot store: the answer becomes a 503. */
    fault?: "database" | "storage";
  }
}

export {};
