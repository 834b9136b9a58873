/** Tiny flag parser for the admin CLI: --name value pairs plus positionals. */
export function parseFlags(args: string[]): { flags: Record<string, string | true>; positional: string[] } {
  const flags: Record<string, string | true> = {};
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith("--")) {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith("--")) {
        flags[arg.slice(2)] = next;
        i++;
      } else flags[arg.slice(2)] = true;
    } else positional.push(arg);
  }
  return { flags, positional };
}

export function requireFlag(flags: Record<string, string | true>, name: string): string {
  const value = flags[name];
  if (typeof value !== "string" || !value.trim()) throw new Error(`--${name} is required`);
  return value.trim();
}

export interface AdminCommand {
  /** "key create", "usage", ... */
  name: string;
  usage: string;
  run(args: string[]): Promise<void>;
}
