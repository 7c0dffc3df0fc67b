export {
  DEMO_ADMIN_EMAIL,
  DEMO_MEMBER_PASSWORD,
  type DemoSeedResult,
  demoSignInText,
  isDatabaseEmpty,
  seedDemoContent,
} from "./demo-seed.server";
export { SAMPLE_COUNT, SAMPLE_INTERVAL_MS, seedAllSamples, seedSample } from "./sample-discussions.server";
