/**
 * The forum's service worker, built to /sw.js (scope "/") by scripts/lib/service-worker.ts and registered for
 * signed-in members only (app/lib/hooks/use-service-worker.ts); guests never load it.
 *
 * One file per concern, each registering its own listeners on `sw` (./scope.ts). A new concern (push messages,
 * say) is a file of its own here and one import line below; its fetch listener, if any, must leave alone the
 * requests the others answer (respondWith may be called once per request).
 */
import "./shell";
import "./reading";
import "./push";
