import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium; Playwright never downloads a browser here. The flags keep Chromium's
// background services quiet on a machine with no outside network.
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  // Spec files run two at a time, the tests of one file in order: every spec but dashboard.spec.ts
  // signs up its own users, and the handoff, MCP, workspace and sign-in specs start their own
  // servers. dashboard.spec.ts alone uses the setup project's owner.
  fullyParallel: false,
  workers: 2,
  // One retry in CI only: a retried pass is reported as "flaky" in the list and the JSON report, so
  // a flake stays visible without failing a run that two loaded cores slowed down.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      testIgnore: /e2e\/dashboard[^/]*\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    // Dashboard: a setup project signs a new user up through the UI and saves the session (Dub's pattern).
    {
      name: "setup",
      testMatch: /e2e\/auth\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"], channel: undefined },
    },
    {
      name: "dashboard",
      testMatch: /e2e\/dashboard[^/]*\.spec\.ts$/,
      dependencies: ["setup"],
      use: {
        ...devices["Desktop Chrome"],
        channel: undefined,
        storageState: "data/test/e2e-auth/owner.json",
      },
    },
  ],
});
