/**
 * The paths server.ts hands to the /mcp app (lib/mcp/http/app.ts) before Next: the resource, the
 * authorization server's endpoints and both metadata documents. /oauth/consent (a page) stays Next's.
 */
export const MCP_PATHS =
  /^\/(?:mcp|oauth\/(?:authorize|token|register|revoke)|\.well-known\/oauth-(?:authorization-server|protected-resource(?:\/mcp)?))(?:\?|$)/;
