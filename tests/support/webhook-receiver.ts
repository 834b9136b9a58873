import http from "node:http";
import type net from "node:net";
import { Webhook } from "standardwebhooks";

export interface Received {
  id: string;
  timestamp: string;
  body: string;
  /** The webhook-signature header as received (several space-separated signatures during a secret roll). */
  signature: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 that verifies every request with the `standardwebhooks`
 * package (Webhook.verify: signature and timestamp tolerance) and records what it accepted.
 * `respond` picks the status per request (default 200); `attempts` holds every verified request,
 * `received` the accepted ones; `invalid` counts requests that failed
 * verification. stop() and start() keep the same port, to play a receiver outage.
 */
export async function startReceiver(secret: () => string | string[] | null, port = 0) {
  const received: Received[] = [];
  /** Every verified request, accepted or answered with an error status. */
  const attempts: Received[] = [];
  let invalid = 0;
  let respond: (r: Received) => number = () => 200;
  const sockets = new Set<net.Socket>();
  let server: http.Server | null = null;

  const handler = (req: http.IncomingMessage, res: http.ServerResponse) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => {
      const s = secret();
      try {
        if (!s) throw new Error("no secret yet");
        const headers = {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        };
        // Several secrets (a roll in progress): accepted when any one of them verifies.
        const payload = verifyAny(Array.isArray(s) ? s : [s], body, headers) as Received["payload"];
        const r: Received = {
          id: String(req.headers["webhook-id"]),
          timestamp: String(req.headers["webhook-timestamp"]),
          body,
          signature: headers["webhook-signature"],
          payload,
          at: Date.now(),
        };
        attempts.push(r);
        const status = respond(r);
        if (status >= 200 && status < 300) received.push(r);
        res.writeHead(status, { "content-type": "text/plain" }).end(status < 300 ? "ok" : "try later");
      } catch {
        invalid++;
        res.writeHead(400).end("bad signature");
      }
    });
  };

  async function start() {
    server = http.createServer(handler);
    server.on("connection", (s) => {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server!.listen(port, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  }
  async function stop() {
    const s = server;
    server = null;
    if (!s) return;
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
  await start();
  return {
    url: (p = "/hook") => `http://127.0.0.1:${port}${p}`,
    received,
    attempts,
    invalid: () => invalid,
    setRespond: (fn: (r: Received) => number) => (respond = fn),
    start,
    stop,
  };
}

function verifyAny(secrets: string[], body: string, headers: Record<string, string>): unknown {
  let last: unknown = new Error("no secret");
  for (const s of secrets) {
    try {
      return new Webhook(s).verify(body, headers);
    } catch (err) {
      last = err;
    }
  }
  throw last;
}

/** True when `secret` alone verifies the received request (the `standardwebhooks` package). */
export function verifiesWith(secret: string, r: Received): boolean {
  try {
    new Webhook(secret).verify(r.body, {
      "webhook-id": r.id,
      "webhook-timestamp": r.timestamp,
      "webhook-signature": r.signature,
    });
    return true;
  } catch {
    return false;
  }
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Polls until `check` is true or the time is up (then fails with `what`). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
