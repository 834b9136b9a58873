// Child process for tests/reliability/abuse-server.test.ts: opens COUNT TCP connections to
// 127.0.0.1:PORT that never send a byte, prints one JSON line when all attempts settled, then
// holds them until killed. A process of its own because each process may hold 20,000 descriptors.
import net from "node:net";

const port = Number(process.env.PORT);
const count = Number(process.env.COUNT ?? 10_000);
const sockets: net.Socket[] = [];
let connected = 0;
let failed = 0;
let closedByServer = 0;

function open(): Promise<void> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: "127.0.0.1" });
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        resolve();
      }
    };
    s.on("connect", () => {
      connected++;
      settle();
    });
    s.on("error", () => {
      failed++;
      settle();
    });
    s.on("close", () => {
      closedByServer++;
      settle();
    });
    sockets.push(s);
  });
}

async function main() {
  for (let i = 0; i < count; i += 500) {
    await Promise.all(Array.from({ length: Math.min(500, count - i) }, open));
  }
  // Let the server's accept loop catch up, then count what it already closed.
  await new Promise((r) => setTimeout(r, 1000));
  process.stdout.write(`${JSON.stringify({ connected, failed, closedByServer })}\n`);
  setInterval(() => {
    process.stdout.write(`${JSON.stringify({ connected, failed, closedByServer })}\n`);
  }, 1000);
}

void main();
