import { validate, compileErrors } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { handoffPaths } from "./openapi";

describe("handoff OpenAPI paths", () => {
  it("form a valid OpenAPI 3.1 document and describe both endpoints", async () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "Statline", version: "1" },
      paths: JSON.parse(JSON.stringify(handoffPaths)),
    };
    const result = await validate(doc);
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    const start = handoffPaths["/api/agent/sessions"].post.requestBody.content["application/json"].schema as {
      required: string[];
      properties: Record<string, unknown>;
    };
    expect(start.required).toEqual(
      expect.arrayContaining(["code_challenge", "code_challenge_method", "client_name"]),
    );
    expect(Object.keys(start.properties)).toEqual(
      expect.arrayContaining(["redirect_uri", "state", "environment", "key_name"]),
    );
    const errors =
      handoffPaths["/api/agent/token"].post.responses["400"].content["application/json"].schema.properties
        .error.properties.code.enum;
    expect(errors).toEqual(
      expect.arrayContaining([
        "authorization_pending",
        "slow_down",
        "access_denied",
        "expired_token",
        "invalid_grant",
      ]),
    );
  });
});
