/** What the build knows and the worker needs (scripts/lib/service-worker.ts). */
declare module "virtual:service-worker-build" {
  /** Changes with every build whose files or worker changed: names the caches, so a deploy replaces them. */
  export const version: string;
  /** The app shell: the files a member's page loads, the guests' enhancement script, the stylesheet, logo and icons. */
  export const precache: readonly string[];
  /** The site's stylesheet (also in `precache`), for the offline page. */
  export const stylesheet: string;
}
