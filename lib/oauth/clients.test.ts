import { describe, expect, test } from "vitest";
import { MCP_PATHS } from "../mcp/http/paths";
import { redirectUriProblem } from "./clients";
import { ACCESS_PATTERN, newAccessToken, newRefreshToken, REFRESH_PATTERN } from "./tokens";
import { KEY_PATTERN } from "../keys/format";

describe("redirect URIs a client may register", () => {
  test.each([
    "https://app.example/callback",
    "http://127.0.0.1:53682/callback",
    "http://localhost/cb",
    "http://[::1]:9000/cb",
    "com.example.app:/oauth/callback",
    "dev.statline.cli://callback",
  ])("accepts %s", (uri) => expect(redirectUriProblem(uri)).toBeNull());

  test.each([
    ["http://evil.example/cb", /https/],
    ["http://127.0.0.1.evil.example/cb", /https/],
    ["https://app.example/cb#frag", /fragment/],
    ["file:///etc/passwd", /file/],
    [`https://app.example/${"a".repeat(2000)}`, /longer/],
    ["https://user:pw@app.example/cb", /user name or password/],
    ["https://user@app.example/cb", /user name or password/],
    ["http://user:pw@127.0.0.1:8000/cb", /user name or password/],
    ["myapp://cb", /reverse domain/],
    ["cursor://anysphere.cursor-retrieval/oauth/callback", /reverse domain/],
    ["javascript:alert(1)", /reverse domain/],
    ["data:text/html,x", /reverse domain/],
  ])("refuses %s", (uri, why) => expect(redirectUriProblem(uri)).toMatch(why));
});

describe("tokens", () => {
  test("access and refresh tokens are told apart and never look like an API key (/v1 refuses them)", () => {
    const a = newAccessToken();
    const r = newRefreshToken();
    expect(a).toMatch(ACCESS_PATTERN);
    expect(r).toMatch(REFRESH_PATTERN);
    expect(a).not.toMatch(REFRESH_PATTERN);
    expect(KEY_PATTERN.test(a) || KEY_PATTERN.test(r)).toBe(false);
    expect(newAccessToken()).not.toBe(a);
  });
});

describe("server.ts routing to the /mcp app", () => {
  test.each([
    "/mcp",
    "/mcp?x=1",
    "/oauth/authorize?client_id=a",
    "/oauth/token",
    "/oauth/register",
    "/oauth/revoke",
    "/.well-known/oauth-authorization-server",
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
  ])("%s goes to the MCP app", (url) => expect(MCP_PATHS.test(url)).toBe(true));

  test.each([
    "/oauth/consent?request=og_x",
    "/mcpx",
    "/mcp/",
    "/api/oauth/consent",
    "/v1/mcp",
    "/oauth/tokens",
  ])("%s does not", (url) => expect(MCP_PATHS.test(url)).toBe(false));
});
