import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // React Router 7 warns at every build and start about each behaviour v8 will change until the flag is set. Each is
  // set here to today's behaviour, with the reason; turning one on is a change of its own, measured like one.
  future: {
    // Loaders and actions read `context.clientIp` and the request's other facts from the plain load context that
    // server/pages.ts builds; middleware would replace it with a RouterContextProvider.
    v8_middleware: false,
    // The client chunks are cut by hand in vite.config.ts (the shared chunk and its guard) and held to a budget by
    // `npm run bench:js`; splitting route modules would cut them again.
    v8_splitRouteModules: false,
    // The server entry is built in Vite's SSR build (decision 0001) through the API it uses today.
    v8_viteEnvironmentApi: false,
    // The page cache and the guards read requests as React Router hands them to the routes today.
    v8_passThroughRequests: false,
    // The forum's addresses have no trailing slash (canonical redirects), so data requests never meet one.
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
