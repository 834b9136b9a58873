import { z } from "zod";
import { errorBody as surfaceErrorBody } from "../docs/surface-openapi";
import { HANDOFF_ERRORS } from "./errors";
import { issuedKey, startBody, startResponse, tokenBody } from "./schemas";

// OpenAPI 3.1 `paths` for the agent handoff (docs/agent-handoff.md), generated from the same zod
// schemas that validate the requests, so the document cannot drift from the code. Plain JSON,
// self-contained (no component refs): the main document merges it into its `paths`.

const json = (schema: z.ZodType, io: "input" | "output" = "output") => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io }) as Record<string, unknown>;
  return rest;
};

const errorBody = (codes: string[]) =>
  surfaceErrorBody({
    codes,
    extra: {
      interval: {
        type: "integer",
        description: "On slow_down and authorization_pending: the poll interval to use from now on",
      },
    },
  });

const errorResponse = (description: string, codes: string[]) => ({
  description,
  content: { "application/json": { schema: errorBody(codes) } },
});

/** Any unexpected failure (lib/auth/route.ts): the detail is in the server log only. */
const fault = errorResponse("Server fault: quote the X-Request-Id", ["INTERNAL_ERROR"]);

const noStore = {
  "Cache-Control": { description: "Always no-store", schema: { type: "string", const: "no-store" } },
};
const tags = ["Agent handoff"];
const security: never[] = []; // no API key: this is how an agent gets one

export const handoffPaths = {
  "/api/agent/sessions": {
    post: {
      operationId: "startAgentHandoff",
      tags,
      security,
      summary: "Start a browser handoff (step 1)",
      description:
        "An agent posts a PKCE S256 challenge and gets a verification URL for a human to approve in the dashboard. " +
        "`plain` or a missing challenge/method is refused. `redirect_uri` is optional and may only be " +
        "`http://127.0.0.1:<port>/callback` or `http://[::1]:<port>/callback`. Rate-limited per client IP.",
      requestBody: { required: true, content: { "application/json": { schema: json(startBody, "input") } } },
      responses: {
        "200": {
          description: "Session started",
          headers: noStore,
          content: { "application/json": { schema: json(startResponse) } },
        },
        "400": errorResponse("Invalid request (plain PKCE, bad redirect_uri, malformed field)", [
          "invalid_request",
        ]),
        "429": {
          ...errorResponse("Too many sessions started from this address", ["rate_limited"]),
          headers: { "Retry-After": { description: "Seconds to wait", schema: { type: "integer" } } },
        },
        "500": fault,
      },
    },
  },
  "/api/agent/token": {
    post: {
      operationId: "exchangeAgentHandoff",
      tags,
      security,
      summary: "Exchange the code, or poll, for the API key (step 4)",
      description:
        "Send exactly one of `code` (loopback and paste modes) or `session_id` (poll mode), with the `code_verifier`. " +
        "While pending, poll answers `authorization_pending`; polling faster than `interval` answers `slow_down` and adds 5 s; " +
        "a denial answers `access_denied`; expiry answers `expired_token` (an expired code in code mode: `invalid_grant`). " +
        "A second use of a code is `invalid_grant` and revokes the key from the first use. Five wrong verifiers kill the session. " +
        "The key is returned once, with Cache-Control: no-store.",
      requestBody: { required: true, content: { "application/json": { schema: json(tokenBody, "input") } } },
      responses: {
        "200": {
          description: "The new API key (shown once)",
          headers: noStore,
          content: { "application/json": { schema: json(issuedKey) } },
        },
        "400": errorResponse(
          "Protocol answer or refusal (RFC 6749 §5.2 / RFC 8628 §3.5 codes)",
          Object.keys(HANDOFF_ERRORS).filter((c) => HANDOFF_ERRORS[c as keyof typeof HANDOFF_ERRORS] === 400),
        ),
        "500": fault,
      },
    },
  },
};
