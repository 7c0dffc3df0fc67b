/** The URL of the built enhancement script (vite.config.ts, guestScriptPlugin). */
declare module "virtual:guest-script" {
  const url: string;
  export default url;
}
