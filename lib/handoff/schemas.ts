import { z } from "../platform/zod";
import { AUTH_CODE_PATTERN } from "./codes";
import { CHALLENGE_PATTERN, VERIFIER_PATTERN } from "./pkce";

/** Printable text without control characters (these end up on the approval page and in the key list). */
const label = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, "must be printable text");

export const startBody = z.object({
  code_challenge: z
    .string({ error: "is required" })
    .regex(CHALLENGE_PATTERN, "must be base64url(SHA-256(code_verifier)), 43 characters")
    .describe("base64url(SHA-256(code_verifier)) without padding"),
  code_challenge_method: z
    .string({ error: "is required and must be S256" })
    .describe("Must be S256; plain is refused"),
  client_name: label(64).describe("Shown on the approval page, e.g. the agent's name"),
  environment: z
    .enum(["test", "live"])
    .default("test")
    .describe("Requested; the approver decides (test unless they pick live)"),
  key_name: label(64).optional().describe("Name of the key in the dashboard (default: client_name)"),
  redirect_uri: z
    .string()
    .max(100)
    .optional()
    .describe("Loopback mode only: http://127.0.0.1:<port>/callback or http://[::1]:<port>/callback"),
  state: z
    .string()
    .regex(/^[A-Za-z0-9\-._~]{8,128}$/, "must be 8-128 unreserved characters")
    .optional()
    .describe("Echoed on the loopback redirect so the listener can reject callbacks it did not cause"),
});
export type StartBody = z.output<typeof startBody>;

export const tokenBody = z.object({
  grant_type: z.string().optional().describe("Ignored; accepted for OAuth client libraries"),
  code: z
    .string()
    .regex(AUTH_CODE_PATTERN, "must be the 32-character code from the approval")
    .optional()
    .describe("Loopback and paste modes"),
  session_id: z
    .string()
    .regex(/^hs_[0-9A-Za-z]{24}$/, "must be the session_id from the start response")
    .optional()
    .describe("Poll mode"),
  code_verifier: z
    .string({ error: "is required" })
    .regex(VERIFIER_PATTERN, "must be 43-128 characters [A-Za-z0-9-._~] (RFC 7636)")
    .describe("The PKCE verifier whose S256 challenge started the session"),
});
export type TokenBody = z.output<typeof tokenBody>;

/** Step 1 answer (RFC 8628 §3.2 shape, with the verification URL already carrying the code). */
export const startResponse = z.object({
  session_id: z.string().describe("Opaque id; with the code_verifier it is the poll-mode credential"),
  verification_url: z.string().describe("Approval page for the human, including the user code"),
  user_code: z
    .string()
    .regex(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/)
    .describe("Shown in the terminal and on the page; the human checks they match"),
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
