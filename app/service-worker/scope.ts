/**
 * The worker's global scope, typed as what it is. Every concern registers its listeners on `sw`
 * (`sw.addEventListener("fetch", …)`); see index.ts.
 */
export const sw = self as unknown as ServiceWorkerGlobalScope;
