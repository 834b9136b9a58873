// The floor server (bench/floor.ts): answers every request by running the captured statements
// through the app's drivers (better-sqlite3 prepared once, raw rows; pg named statements, array
// rows), JSON.stringify of the rows, one write. No routing, auth, metering, validation or envelope.
// With `headers` in the file it writes those (Statline's own header set for the same request,
// captured by bench/floor.ts) instead of its two, so a ratio to it measures the server, not the
// header set.
// Usage: node bench/floor-server.mjs <floor.json> <port>
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import Database from "better-sqlite3";
import pg from "pg";

const [file, port] = process.argv.slice(2);
const { url, statements, headers } = JSON.parse(fs.readFileSync(file, "utf8"));

let read;
if (/^postgres(ql)?:\/\//i.test(url)) {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  const named = statements.map(({ text, params }) => {
    let n = 0;
    const sql = text.replace(/\?/g, () => `$${++n}`);
    const name = `fl_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`;
    return { name, text: sql, values: params, rowMode: "array" };
  });
  read = async () => {
    const out = [];
    for (const q of named) out.push((await pool.query(q)).rows);
    return out;
  };
} else {
  const conn = new Database(url.slice("file:".length).split("?")[0], { readonly: true, fileMustExist: true });
  const prepared = statements.map(({ text, params }) => ({ stmt: conn.prepare(text).raw(true), params }));
  read = async () => prepared.map(({ stmt, params }) => stmt.all(...params));
}

const server = http.createServer((_req, res) => {
  read().then(
    (rows) => {
      const body = JSON.stringify(rows.length === 1 ? rows[0] : rows);
      const length = Buffer.byteLength(body);
      res.writeHead(
        200,
        headers
          ? { ...headers, "Content-Length": length }
          : { "Content-Type": "application/json", "Content-Length": length },
      );
      res.end(body);
    },
    (err) => {
      res.writeHead(500);
      res.end(String(err));
    },
  );
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.stdout.write("ready\n"));
process.on("SIGTERM", () => server.close(() => process.exit(0)) && server.closeAllConnections());
