import { describe, expect, it, vi } from "vitest";
import { perProcess } from "./process-state";

describe("perProcess", () => {
  it("creates a value once per process and hands the same one to every caller", () => {
    let made = 0;
    const a = perProcess("test.once", () => ({ n: ++made }));
    const b = perProcess("test.once", () => ({ n: ++made }));
    expect(b).toBe(a);
    expect(made).toBe(1);
  });

  it("keeps it where a second copy of the module (Next's bundle) finds it", async () => {
    const first = perProcess("test.shared", () => new Map<string, number>());
    first.set("k", 1);
    // A fresh module instance, as Next's bundle or a dev-server reload would load it.
    vi.resetModules();
    const copy = await import("./process-state");
    expect(copy.perProcess).not.toBe(perProcess);
    expect(copy.perProcess("test.shared", () => new Map<string, number>()).get("k")).toBe(1);
  });
});
