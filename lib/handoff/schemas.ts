import { z } from "zod";
import { AUTH_CODE_PATTERN } from "./codes";
import { CHALLENGE_PATTERN, VERIFIER_PATTERN } from "./pkce";

/** Printable text without control characters (these end up on the approval page and in the key list). */
const label = (max: number) =>
  z.string().trim().min(1).max(max).regex(/^[^\p{Cc}\p{Cf}]+$/u, "must be printable text");

export const startBody = z.object({
  code_challenge: z.string({ error: "is required" }).regex(CHALLENGE_PATTERN, "must be base64url(SHA-256(code_verifier)), 43 characters"),
  code_challenge_method: z.string({ error: "is required and must be S256" }),
  client_name: label(64),
  environment: z.enum(["test", "live"]).default("test"),
  key_name: label(64).optional(),
  redirect_uri: z.string().max(100).optional(),
  state: z.string().regex(/^[A-Za-z0-9\-._~]{8,128}$/, "must be 8-128 unreserved characters").optional(),
});
export type StartBody = z.output<typeof startBody>;

export const tokenBody = z.object({
  grant_type: z.string().optional(),
  code: z.string().regex(AUTH_CODE_PATTERN, "must be the 32-character code from the approval").optional(),
  session_id: z.string().regex(/^hs_[0-9A-Za-z]{24}$/, "must be the session_id from the start response").optional(),
  code_verifier: z.string({ error: "is required" }).regex(VERIFIER_PATTERN, "must be 43-128 characters [A-Za-z0-9-._~] (RFC 7636)"),
});
export type TokenBody = z.output<typeof tokenBody>;

/** Step 1 answer (RFC 8628 §3.2 shape, with the verification URL already carrying the code). */
export const startResponse = z.object({
  session_id: z.string().describe("Opaque id; with the code_verifier it is the poll-mode credential"),
  verification_url: z.string().describe("Approval page for the human, including the user code"),
  user_code: z.string().regex(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/).describe("Shown in the terminal and on the page; the human checks they match"),
  expires_in: z.number().int().max(600).describe("Seconds until the request expires unapproved"),
  interval: z.number().int().describe("Minimum seconds between polls"),
});

/** Step 4 answer: the key, shown this once. */
export const issuedKey = z.object({
  api_key: z.string().regex(/^sk_(live|test)_[0-9A-Za-z]{32}$/),
  key_id: z.string(),
  prefix: z.string().describe("First 16 characters, as shown in the dashboard key list"),
  name: z.string(),
  environment: z.enum(["test", "live"]).describe("Chosen by the approver (test unless they picked live)"),
});
