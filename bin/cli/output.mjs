// Delivering the key: to a 0600 credentials file (default) or .env (--write-env). The key itself
// reaches stdout only with --print; human messages go to stderr so stdout stays parseable.
import { saveCredentials, writeEnvFile } from "./store.mjs";

/** The one environment variable every Statline tool reads the key from (SDK, `statline mcp`, docs). */
export const API_KEY_ENV = "STATLINE_API_KEY";

export const say = (text) => process.stderr.write(`${text}\n`);
export const printJson = (value) => process.stdout.write(`${JSON.stringify(value)}\n`);

export function deliverKey(issued, baseUrl, flags) {
  const savedTo = flags["write-env"] ? writeEnvFile(issued) : saveCredentials(baseUrl, issued);
  if (flags.json) {
    printJson({
      status: "ok",
      environment: issued.environment,
      key_prefix: issued.prefix,
      name: issued.name,
      saved_to: savedTo,
      env_var: API_KEY_ENV,
      ...(flags.print ? { api_key: issued.api_key } : {}),
    });
  } else if (flags.print) {
    process.stdout.write(`${issued.api_key}\n`);
  }
  say(`Signed in: ${issued.environment} key "${issued.name}" (${issued.prefix}…) saved to ${savedTo}`);
  say(
    flags["write-env"]
      ? `${API_KEY_ENV} is set in ${savedTo}; the SDK and \`statline mcp\` read it once it is in the environment (e.g. node --env-file=.env).`
      : `The SDK and \`statline mcp\` use it from there; elsewhere, set ${API_KEY_ENV} (the one variable Statline tools read).`,
  );
}

/** A final failure: JSON on stdout with --json, a message on stderr always; exit status 1. */
export function fail(error, flags) {
  if (flags.json) printJson({ status: "error", error: { code: error.code, message: error.message } });
  say(`Login failed: ${error.message} (${error.code})`);
  return 1;
}
