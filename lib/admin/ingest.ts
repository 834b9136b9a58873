import fs from "node:fs";
import { envStr, envStrOpt } from "../config";
import { ingestFile } from "../ingest/cli";
import { parseFlags, type AdminCommand } from "./args";

export const ingestCommands: AdminCommand[] = [
  {
    name: "ingest",
    usage:
      "ingest <file.ndjson> [--url URL] [--odds <source>]   (posts to /ingest/v1 with STATLINE_INGEST_KEY; lines {op,path,body}, or odds prices with --odds; docs/ingest.md)",
    async run(args) {
      const { flags, positional } = parseFlags(args);
      const file = positional[0];
      if (!file) throw new Error("give the file to send");
      const key = envStrOpt("STATLINE_INGEST_KEY");
      if (!key) throw new Error("set STATLINE_INGEST_KEY to a key with the ingest scope");
      const baseUrl = typeof flags.url === "string" ? flags.url : envStr("STATLINE_BASE_URL");
      const odds = typeof flags.odds === "string" ? flags.odds : undefined;
      const s = await ingestFile(fs.readFileSync(file, "utf8"), {
        baseUrl,
        key,
        oddsSource: odds,
        progress: (line) => console.error(line),
      });
      const statuses = Object.entries(s.byStatus)
        .map(([k, n]) => `${k}: ${n}`)
        .join(", ");
      console.log(
        `${s.requests} requests (${statuses || "none"}); ${s.created} created, ${s.ignored} ignored as older`,
      );
      for (const r of s.refused.slice(0, 50))
        console.log(`line ${r.line}: ${r.status || "not sent"} ${r.message}`);
      if (s.refused.length > 50) console.log(`… and ${s.refused.length - 50} more refused`);
      if (s.refused.length) process.exitCode = 1;
    },
  },
];
