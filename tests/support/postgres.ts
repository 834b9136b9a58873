import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";

const PG = [
  "-h",
  process.env.PGHOST ?? "127.0.0.1",
  "-p",
  process.env.PGPORT ?? "5432",
  "-U",
  process.env.PGUSER ?? "postgres",
];

export interface TempPgDatabase {
  url: string;
  name: string;
  drop: () => void;
}

/** A fresh database on the real local PostgreSQL (trust auth); drop() removes it, connections and all. */
export function createPgDatabase(): TempPgDatabase {
  const name = `statline_t_${randomBytes(6).toString("hex")}`;
  try {
    execFileSync("createdb", [...PG, name], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (err) {
    throw new Error(
      `createdb failed: is PostgreSQL running on 127.0.0.1:5432? ${(err as { stderr?: Buffer }).stderr?.toString() ?? err}`,
      { cause: err },
    );
  }
  const host = `${process.env.PGHOST ?? "127.0.0.1"}:${process.env.PGPORT ?? "5432"}`;
  return {
    name,
    url: `postgresql://${process.env.PGUSER ?? "postgres"}@${host}/${name}`,
    drop: () => execFileSync("dropdb", [...PG, "--if-exists", "--force", name], { stdio: "ignore" }),
  };
}
