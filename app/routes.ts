import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  route("healthz", "routes/healthz.ts"),
  layout("routes/layout.tsx", [
    index("routes/home.tsx"),
    route("impressum", "routes/impressum.tsx"),
    route("agb", "routes/agb.tsx"),
    route("datenschutz", "routes/datenschutz.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
