import { v } from "./spec";

const M = "Remote MCP and OAuth";

/** The remote MCP endpoint (/mcp) and the OAuth 2.1 authorization server in front of it. */
export const MCP_VARS = {
  MCP_MAX_SESSIONS: v.int(
    "Open `/mcp` sessions per instance; a new one beyond it gets 503 `SERVICE_UNAVAILABLE`",
    M,
    {
      default: "200",
      min: 1,
    },
  ),
  MCP_SESSION_IDLE_SECONDS: v.int(
    "An `/mcp` session unused this long is closed (the client starts a new one)",
    M,
    {
      default: "900",
      min: 5,
    },
  ),
  OAUTH_ACCESS_TOKEN_TTL_SECONDS: v.int("Lifetime of an OAuth access token for `/mcp`", M, {
    default: "900",
    min: 10,
  }),
  OAUTH_REFRESH_TOKEN_TTL_DAYS: v.int(
    "Lifetime of a refresh token (each use rotates it); never beyond the connection's expiry",
    M,
    { default: "30", min: 1 },
  ),
  OAUTH_REGISTER_LIMIT_PER_HOUR: v.int(
    "Dynamic client registrations (RFC 7591) per client IP and hour, across all instances (Redis)",
    M,
    { default: "20", min: 1 },
  ),
  OAUTH_ENDPOINT_LIMIT_PER_15_MINUTES: v.int(
    "Requests to `/oauth/authorize`, `/oauth/token` and `/oauth/revoke` (each) per client IP and 15 minutes, across all instances (Redis)",
    M,
    { default: "100", min: 1 },
  ),
} as const;
