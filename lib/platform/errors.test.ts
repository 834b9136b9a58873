import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issueError } from "../auth/route";
import { keyPatchInput } from "../keys/options";
import { ApiError, assertOk, fieldError, unwrap, type Result } from "./errors";
import { errorResponse } from "../api/respond";

describe("field errors", () => {
  it("a dashboard error names the wrong field beside code and message", () => {
    expect(fieldError("url", "URL must start with https:// or http://").body()).toEqual({
      error: { code: "INVALID_PARAMETER", message: "URL must start with https:// or http://", field: "url" },
    });
    expect(new ApiError("CONFLICT", "taken").body()).toEqual({
      error: { code: "CONFLICT", message: "taken" },
    });
  });

  it("a verdict's field survives unwrap and assertOk", () => {
    const failed: Result<number> = { ok: false, code: "INVALID_PARAMETER", message: "bad", field: "name" };
    expect(() => unwrap(failed)).toThrow(expect.objectContaining({ field: "name", status: 400 }));
    expect(() => assertOk(failed)).toThrow(expect.objectContaining({ field: "name", message: "bad" }));
  });

  it("/v1 answers {error:{code,message}} only, whatever the error carries", () => {
    const body = JSON.parse(String(errorResponse("req_1", fieldError("limit", "too big")).body)) as unknown;
    expect(body).toEqual({ error: { code: "INVALID_PARAMETER", message: "too big" } });
  });

  it("a refused input names its last field and keeps the message in the user's words", () => {
    const allowlist = keyPatchInput.safeParse({ allowedIps: "10.0.0.0/33, banana" });
    expect(allowlist.success).toBe(false);
    const err = issueError(allowlist.error!);
    expect(err.body().error).toEqual({
      code: "INVALID_PARAMETER",
      message: "10.0.0.0/33 and banana are not IPv4/IPv6 addresses or CIDR ranges",
      field: "allowedIps",
    });
    const nested = z.object({ options: z.object({ note: z.string().max(2, "Too long") }) });
    expect(issueError(nested.safeParse({ options: { note: "abc" } }).error!).field).toBe("note");
    // No field to mark (an unknown key of a strict object): the whole text, no field.
    const strict = issueError(keyPatchInput.safeParse({ secretHash: "x" }).error!);
    expect(strict.field).toBeUndefined();
    expect(strict.message).toMatch(/secretHash/);
  });
});
