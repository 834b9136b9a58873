import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import {
  API_KEY_ENV,
  BASE_URL_ENV,
  createClient,
  credentialsPath,
  resolveConfig,
  StatlineError,
} from "@statline/sdk";
import { ROOT } from "../support/app";

const KEY_A = "sk_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const KEY_B = "sk_test_BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB";

/** Writes credentials the way `statline login` does (bin/cli/store.mjs saveCredentials), in a fresh config dir. */
function loggedIn(baseUrl: string, apiKey: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sdk-config-"));
  const script = `import("${path.join(ROOT, "bin/cli/store.mjs")}").then((m) => process.stdout.write(m.saveCredentials(${JSON.stringify(baseUrl)}, { api_key: ${JSON.stringify(apiKey)}, prefix: "${apiKey.slice(0, 16)}", name: "t", environment: "test" })))`;
  const file = execFileSync(process.execPath, ["-e", script], {
    env: { ...process.env, STATLINE_CONFIG_DIR: dir },
    encoding: "utf8",
  });
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  return dir;
}

describe("where the SDK finds its key and server", () => {
  test("one variable name everywhere: STATLINE_API_KEY and STATLINE_BASE_URL, as the CLI prints", () => {
    expect(API_KEY_ENV).toBe("STATLINE_API_KEY");
    expect(BASE_URL_ENV).toBe("STATLINE_BASE_URL");
    expect(fs.readFileSync(path.join(ROOT, "bin/cli/output.mjs"), "utf8")).toContain(`"${API_KEY_ENV}"`);
  });

  test("the credentials file `statline login` writes: same path, and its server comes with its key", () => {
    const dir = loggedIn("https://stats.example.com", KEY_A);
    const env = { STATLINE_CONFIG_DIR: dir };
    expect(credentialsPath(env)).toBe(path.join(dir, "credentials.json"));
    expect(resolveConfig({ env })).toEqual({
      baseUrl: "https://stats.example.com",
      apiKey: KEY_A,
      keySource: path.join(dir, "credentials.json"),
    });
  });

  test("XDG_CONFIG_HOME and HOME locate the file as the CLI does", () => {
    const code = `import("${path.join(ROOT, "bin/cli/store.mjs")}").then((m) => process.stdout.write(m.credentialsFile()))`;
    const cases: Record<string, string>[] = [{ XDG_CONFIG_HOME: "/tmp/xdg-x" }, { HOME: "/tmp/home-y" }];
    for (const extra of cases) {
      const env: NodeJS.ProcessEnv = {
        NODE_ENV: "test",
        PATH: process.env.PATH,
        HOME: "/tmp/home-y",
        ...extra,
      };
      const cli = execFileSync(process.execPath, ["-e", code], {
        env,
        encoding: "utf8",
      });
      const sdk = execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "-e",
          `import("${path.join(ROOT, "sdk/src/config.ts")}").then((m) => process.stdout.write(m.credentialsPath()))`,
        ],
        { cwd: ROOT, env, encoding: "utf8" },
      );
      expect(sdk).toBe(cli);
    }
  });

  test("precedence: option, then environment, then the credentials file; base URL follows", () => {
    const dir = loggedIn("https://saved.example.com/", KEY_A);
    const env = { STATLINE_CONFIG_DIR: dir, [API_KEY_ENV]: KEY_B };
    expect(resolveConfig({ env })).toMatchObject({ apiKey: KEY_B, keySource: API_KEY_ENV });
    expect(resolveConfig({ env, apiKey: "sk_test_option" })).toMatchObject({
      apiKey: "sk_test_option",
      keySource: "option",
    });
    // The file's server is used only with the file's key; an explicit server always wins.
    expect(resolveConfig({ env }).baseUrl).toBe("http://localhost:3000");
    expect(resolveConfig({ env: { STATLINE_CONFIG_DIR: dir } }).baseUrl).toBe("https://saved.example.com");
    expect(
      resolveConfig({ env: { STATLINE_CONFIG_DIR: dir, [BASE_URL_ENV]: "http://10.0.0.5:3000/" } }).baseUrl,
    ).toBe("http://10.0.0.5:3000");
    expect(resolveConfig({ env: { STATLINE_CONFIG_DIR: dir }, baseUrl: "http://a:1" }).baseUrl).toBe(
      "http://a:1",
    );
    // STATLINE_URL is accepted as another name; STATLINE_BASE_URL wins when both are set.
    expect(resolveConfig({ env: { STATLINE_CONFIG_DIR: dir, STATLINE_URL: "http://b:2/" } }).baseUrl).toBe(
      "http://b:2",
    );
    expect(
      resolveConfig({
        env: { STATLINE_URL: "http://b:2", [BASE_URL_ENV]: "http://c:3", [API_KEY_ENV]: KEY_B },
      }).baseUrl,
    ).toBe("http://c:3");
  });

  test("a saved key goes only to the origin it was issued by; elsewhere it is refused with a clear message", () => {
    const dir = loggedIn("https://saved.example.com", KEY_A);
    for (const other of [
      "http://saved.example.com",
      "https://saved.example.com:8443",
      "https://evil.example",
    ]) {
      const c = resolveConfig({ env: { STATLINE_CONFIG_DIR: dir, [BASE_URL_ENV]: other } });
      expect(c.apiKey).toBeUndefined();
      expect(c.keySource).toBeUndefined();
      expect(c.keyRefused).toContain(`belongs to https://saved.example.com and is not sent to ${other}`);
      expect(c.keyRefused).toContain(`statline login --base-url ${other}`);
      expect(c.keyRefused).not.toContain(KEY_A);
    }
    // Same origin, other spelling (a trailing slash): still the saved key.
    const same = resolveConfig({ env: { STATLINE_CONFIG_DIR: dir }, baseUrl: "https://saved.example.com/" });
    expect([same.apiKey, same.keyRefused]).toEqual([KEY_A, undefined]);
    // An explicit key still works anywhere.
    const explicit = resolveConfig({
      env: { STATLINE_CONFIG_DIR: dir, [API_KEY_ENV]: KEY_B, STATLINE_URL: "https://evil.example" },
    });
    expect([explicit.apiKey, explicit.baseUrl, explicit.keyRefused]).toEqual([
      KEY_B,
      "https://evil.example",
      undefined,
    ]);
  });

  test("over real HTTP: the saved key reaches its own server and never another", async () => {
    const seen: Array<{ port: number; auth: string | undefined; apiKey: string | undefined }> = [];
    const listen = () =>
      new Promise<http.Server>((resolve) => {
        const server = http.createServer((req, res) => {
          const port = (server.address() as AddressInfo).port;
          seen.push({ port, auth: req.headers.authorization, apiKey: req.headers["x-api-key"] as string });
          res.writeHead(200, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ data: { items: [], total: 0 }, meta: {} }));
        });
        server.listen(0, "127.0.0.1", () => resolve(server));
      });
    const [issuer, other] = await Promise.all([listen(), listen()]);
    const url = (s: http.Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    try {
      const dir = loggedIn(url(issuer), KEY_A);
      await createClient({ env: { STATLINE_CONFIG_DIR: dir } }).get("/v1/teams");
      const elsewhere = createClient({ env: { STATLINE_CONFIG_DIR: dir, [BASE_URL_ENV]: url(other) } });
      const err = (await elsewhere.get("/v1/teams").catch((e: unknown) => e)) as StatlineError;
      expect(err).toBeInstanceOf(StatlineError);
      expect(err).toMatchObject({ code: "CREDENTIALS_ORIGIN_MISMATCH", status: 0, retryable: false });
      expect(err.message).toContain(`is not sent to ${url(other)}`);
      // Also through the option, as `statline mcp --base-url` passes it.
      await createClient({ env: { STATLINE_CONFIG_DIR: dir }, baseUrl: url(other) })
        .get("/v1/teams")
        .catch(() => null);
      expect(seen).toEqual([
        { port: (issuer.address() as AddressInfo).port, auth: `Bearer ${KEY_A}`, apiKey: undefined },
      ]);
    } finally {
      issuer.close();
      other.close();
    }
  });

  test("no key anywhere: undefined (requests then get the API's 401), never a throw", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statline-sdk-empty-"));
    expect(resolveConfig({ env: { STATLINE_CONFIG_DIR: dir } })).toEqual({
      baseUrl: "http://localhost:3000",
      apiKey: undefined,
      keySource: undefined,
    });
    fs.writeFileSync(path.join(dir, "credentials.json"), "{not json");
    expect(resolveConfig({ env: { STATLINE_CONFIG_DIR: dir } }).apiKey).toBeUndefined();
  });
});
