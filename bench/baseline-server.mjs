// The baseline: raw node:http answering every request with the exact bytes and headers of a real
// /v1/teams response (fetched by bench/run.ts). No routing, auth, cache or JSON work at all.
// Usage: node bench/baseline-server.mjs <response.json> <port>
import fs from "node:fs";
import http from "node:http";

const [file, port] = process.argv.slice(2);
const captured = JSON.parse(fs.readFileSync(file, "utf8"));
const body = Buffer.from(captured.bodyBase64, "base64");
const headers = { ...captured.headers, "Content-Length": String(body.length) };

const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)) && server.closeAllConnections());
