import { describe, expect, it } from "vitest";
import { instanceBaseUrl } from "./origin";

const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;

describe("instanceBaseUrl", () => {
  it("is the configured public URL when set, without a trailing slash", () => {
    expect(instanceBaseUrl(headers({ host: "10.0.0.5:3000" }), "https://stats.example/")).toBe(
      "https://stats.example",
    );
  });
  it("else the host the reader used, with the proxy's scheme", () => {
    expect(instanceBaseUrl(headers({ host: "127.0.0.1:3100" }), "")).toBe("http://127.0.0.1:3100");
    expect(
      instanceBaseUrl(
        headers({ host: "internal:3000", "x-forwarded-host": "api.example", "x-forwarded-proto": "https" }),
        undefined,
      ),
    ).toBe("https://api.example");
  });
});
