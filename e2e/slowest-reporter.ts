import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Prints the five slowest tests with their own time limit at the end of the
 * run, so a test creeping towards its limit is seen long before it fails.
 * The suite's rule: the slowest test uses less than a third of its limit.
 */
export default class SlowestReporter implements Reporter {
  private readonly results: Array<{ title: string; duration: number; timeout: number }> = [];

  onTestEnd(test: TestCase, result: TestResult) {
    this.results.push({
      title: `${test.location.file.split("/e2e/")[1]}:${test.location.line} › ${test.title}`,
      duration: result.duration,
      timeout: test.timeout,
    });
  }

  onEnd(_result: FullResult) {
    const slowest = [...this.results].sort((a, b) => b.duration / b.timeout - a.duration / a.timeout).slice(0, 5);
    console.log("\nFive slowest tests, by share of their own time limit:");
    for (const { title, duration, timeout } of slowest) {
      const share = duration / timeout;
      const mark = share < 1 / 3 ? "  " : "!!";
      console.log(
        `${mark} ${(duration / 1000).toFixed(1).padStart(5)} s of ${String(timeout / 1000).padStart(3)} s (${Math.round(share * 100)} %)  ${title}`,
      );
    }
    const over = slowest.filter(({ duration, timeout }) => duration >= timeout / 3);
    console.log(
      over.length === 0
        ? "Every test stayed under a third of its time limit."
        : `${over.length} test(s) used a third of their time limit or more (marked !!).`,
    );
  }
}
