// The two protocol endpoints (docs/agent-handoff.md). Request bodies carry secrets: never log them.

async function post(baseUrl, path, body) {
  let res;
  try {
    res = await fetch(new URL(path, baseUrl), {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
  } catch (err) {
    return {
      ok: false,
      status: 0,
      error: { code: "network_error", message: `Cannot reach ${baseUrl}: ${err.cause?.code ?? err.message}` },
    };
  }
  const json = await res.json().catch(() => null);
  if (res.ok && json) return { ok: true, status: res.status, data: json };
  const error = json?.error ?? {
    code: "server_error",
    message: `Unexpected HTTP ${res.status} from ${baseUrl}`,
  };
  return { ok: false, status: res.status, error };
}

export const startSession = (baseUrl, body) => post(baseUrl, "/api/agent/sessions", body);
export const requestToken = (baseUrl, body) => post(baseUrl, "/api/agent/token", body);
