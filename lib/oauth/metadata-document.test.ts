import { describe, expect, test } from "vitest";
import type { Db } from "../platform/db";
import { documentClient, isMetadataDocumentUrl } from "./metadata-document";

// Without WEBHOOK_ALLOW_PRIVATE the SSRF guard refuses private targets before any byte is sent; the
// database is never reached for a refused document.
const noDb = {} as Db;

describe("client metadata document URLs", () => {
  test.each([
    ["https://app.example/client.json", true],
    ["https://app.example/", false],
    ["http://app.example/client.json", false],
    ["https://user:pw@app.example/c.json", false],
    ["https://app.example/c.json#x", false],
    [`https://app.example/${"a".repeat(2000)}`, false],
  ])("%s -> %s", (url, ok) => expect(isMetadataDocumentUrl(url)).toBe(ok));

  test.each([
    "https://127.0.0.1/c.json",
    "https://10.0.0.1/c.json",
    "https://[::1]/c.json",
    "https://localhost/c.json",
  ])("refuses the private target %s", async (url) => {
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    expect(await documentClient(noDb, url, () => true)).toBeNull();
  });
});
