import net from "node:net";

/** A TCP forwarder the tests can cut and restore, to make a real database unreachable. */
export interface TcpProxy {
  port: number;
  down(): Promise<void>;
  up(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }, port = 0): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      const srv = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => s.destroy());
        }
        client.pipe(upstream).pipe(client);
        client.on("close", () => upstream.destroy());
        upstream.on("close", () => client.destroy());
      });
      srv.once("error", reject);
      srv.listen(p, "127.0.0.1", () => resolve((srv.address() as net.AddressInfo).port));
      server = srv;
    });
  const bound = await listen(port);
  return {
    port: bound,
    // Refuse new connections and cut the open ones, as a crashed or partitioned database would.
    down: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        if (!server) return resolve();
        server.close(() => resolve());
        server = null;
      }),
    up: async () => {
      if (!server) await listen(bound);
    },
  };
}
