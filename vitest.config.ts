import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "@": path.resolve(__dirname), "@statline/sdk": path.resolve(__dirname, "sdk/src/index.ts") },
  },
  test: {
    include: ["lib/**/*.test.ts", "scripts/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/reliability/**", "node_modules/**"],
    environment: "node",
    globalSetup: ["tests/global-setup.ts"],
    // Integration tests start servers and databases; files run in parallel on the 2 cores.
    testTimeout: 60_000,
    hookTimeout: 240_000,
    pool: "forks",
    maxWorkers: 2,
  },
});
