// Operator CLI working directly on DATABASE_URL. `npm run --silent admin -- help` lists commands.
import { commands } from "../lib/admin/commands";

async function main() {
  // Diagnostics (pino) go to stderr: stdout carries the command's output, e.g. a new key.
  process.env.LOG_DEST ??= "stderr";
  const [group, action, ...rest] = process.argv.slice(2);
  const command = commands.find((c) => c.name === `${group} ${action}` || (c.name === group && action === undefined) || c.name === group);
  if (!command || group === "help" || group === undefined) {
    console.log(["usage: npm run --silent admin -- <command>", "", ...commands.map((c) => `  ${c.usage}`)].join("\n"));
    process.exit(group && group !== "help" ? 2 : 0);
  }
  const args = command.name.includes(" ") ? rest : [action, ...rest].filter((a): a is string => a !== undefined);
  await command.run(args);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
