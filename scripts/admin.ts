// Operator CLI working directly on DATABASE_URL. `npm run --silent admin -- help` lists commands.
import { commands } from "./admin-commands";
import { assertEnv } from "../lib/platform/config";
import { AUTH_SECRET_FILE, loadAuthSecret } from "../lib/platform/auth-secret";

async function main() {
  assertEnv();
  // Diagnostics (pino) go to stderr: stdout carries the command's output, e.g. a new key.
  process.env.LOG_DEST ??= "stderr";
  // The secret the server seals with (webhook signing secrets): NEXTAUTH_SECRET, else npm start's file.
  loadAuthSecret(false);
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
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((err) => {
    const message = err instanceof Error ? err.message : String(err);
    const hint =
      message === "NEXTAUTH_SECRET is not set"
        ? ` and ${AUTH_SECRET_FILE} does not exist: start the server once (npm start writes it) or set NEXTAUTH_SECRET to the server's value`
        : "";
    console.error(`error: ${message}${hint}`);
    process.exit(1);
  });
