import { randomBytes } from "node:crypto";
import net from "node:net";
import Redis from "ioredis";
import { createMigratedPgDatabase, createSeededPgDatabase } from "../../support/postgres";

/** A fresh PostgreSQL database on 127.0.0.1:5432 with the repo's migrations applied. */
export async function createPgDatabase(): Promise<{ name: string; url: string; drop: () => void }> {
  return createMigratedPgDatabase();
}

/** A fresh migrated database with the demo seed (small scale: the suite needs shape, not volume). */
export async function createSeededDatabase(
  scale = process.env.RELIABILITY_SEED_SCALE ?? "0.05",
): Promise<{ name: string; url: string; drop: () => void }> {
  return createSeededPgDatabase(scale);
}

/** Every Redis key of this run lives under a unique prefix, deleted afterwards. */
export function redisPrefix(): string {
  return `statline_t_${randomBytes(5).toString("hex")}:`;
}

export async function deleteRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis("redis://127.0.0.1:6379", { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length) await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
}

/**
 * A TCP proxy in front of a real server (PostgreSQL or Redis), so a test can cut the service
 * off from one instance without stopping the shared server. cut("refuse") destroys every
 * connection and stops listening (new connections are refused); cut("blackhole") destroys every
 * connection and then accepts new ones but never answers (a dead network path). restore()
 * forwards again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private blackhole = false;
  port = 0;

  constructor(
    private readonly targetPort: number,
    private readonly targetHost = "127.0.0.1",
  ) {}

  async start(port = 0): Promise<this> {
    const server = net.createServer((client) => {
      this.sockets.add(client);
      client.on("close", () => this.sockets.delete(client));
      client.on("error", () => client.destroy());
      if (this.blackhole) return;
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.sockets.add(upstream);
      upstream.on("close", () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  async cut(mode: "refuse" | "blackhole" = "refuse"): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (mode === "blackhole") {
      this.blackhole = true;
      return;
    }
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    this.blackhole = false;
    if (!this.server) await this.start(this.port);
  }
}
