import path from "node:path";
import { defineConfig } from "vitest/config";

// Scale-out and failure tests against the real PostgreSQL and Redis on 127.0.0.1.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(__dirname) } },
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    environment: "node",
    testTimeout: 180_000,
    hookTimeout: 240_000,
    pool: "forks",
    maxWorkers: 1,
    passWithNoTests: true,
  },
});
