/** Shared by the data generator and the benchmarks. */
export const BENCH_DATA_DIR = process.env.BENCH_DATA_DIR ?? "./bench/data";

/** The member the benchmark signs in as; created by `npm run bench:data`. */
export const BENCH_MEMBER = { email: "bench.mitglied@example.com", password: "bench-passwort" } as const;
