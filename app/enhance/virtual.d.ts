/** The URL of the built enhancement script (vite.config.ts, guestScriptPlugin). */
declare module "virtual:guest-script" {
  const url: string;
  export default url;
}

/** The URL of the built icon sprite (scripts/lib/icon-sprite.ts). */
declare module "virtual:icon-sprite" {
  const url: string;
  export default url;
}
