// Operator CLI working directly on DATABASE_URL. `npm run --silent admin -- help` lists commands.
import { commands } from "../lib/admin/commands";
import { assertEnv } from "../lib/config";

async function main() {
  assertEnv();
  // Diagnostics (pino) go to stderr: stdout carries the command's output, e.g. a new key.
  process.env.LOG_DEST ??= "stderr";
  const argv = process.argv.slice(2);
  const [group] = argv;
  // The longest command whose words start the arguments ("team alias add" before "team").
  const command = [...commands]
    .sort((a, b) => b.name.split(" ").length - a.name.split(" ").length)
    .find((c) => c.name.split(" ").every((w, i) => argv[i] === w));
  if (!command || group === "help" || group === undefined) {
    console.log(
      ["usage: npm run --silent admin -- <command>", "", ...commands.map((c) => `  ${c.usage}`)].join("\n"),
    );
    process.exit(group && group !== "help" ? 2 : 0);
  }
  const args = argv.slice(command.name.split(" ").length);
  await command.run(args);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(`error: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
