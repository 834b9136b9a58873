/**
 * The shape of one environment variable's declaration (lib/platform/config/vars*.ts). Every variable the
 * app, the CLIs, the tests and the bench read is declared exactly once; docs/configuration.md is
 * generated from the declarations (`npm run docs:config`) and a test fails when it drifts.
 */
export type VarKind = "int" | "number" | "string" | "bool" | "enum" | "url";

export type VarGroup =
  | "Server and HTTP"
  | "Database"
  | "Accounts and sign-in"
  | "Keys, limits and metering"
  | "Request log"
  | "Change feed and stream"
  | "Webhooks"
  | "Scale-out (Redis)"
  | "Logging and metrics"
  | "Agent handoff"
  | "Ingest API"
  | "Remote MCP and OAuth"
  | "CLI"
  | "Tests and build";

export interface VarSpec {
  readonly kind: VarKind;
  /** The value used when the variable is unset, as it would be written in the environment. */
  readonly default?: string;
  /** The default as docs show it, when it is not simply `default` (computed or context-dependent). */
  readonly shown?: string;
  readonly description: string;
  readonly group: VarGroup;
  /** Lowest accepted value (int and number). */
  readonly min?: number;
  /** Highest accepted value (int and number). */
  readonly max?: number;
  /** Accepted values (enum), compared case-insensitively. */
  readonly values?: readonly string[];
}

type Opts = Omit<Partial<VarSpec>, "kind" | "description" | "group">;
type Declared<K extends VarKind, O> = { kind: K; description: string; group: VarGroup } & O;

/** Builders that keep each declaration's literal kind and default, so accessors are typed per name. */
const make =
  <K extends VarKind>(kind: K, base: Opts = {}) =>
  <const O extends Opts = Record<never, never>>(description: string, group: VarGroup, opts?: O) =>
    ({ kind, description, group, ...base, ...opts }) as Declared<K, O>;

export const v = {
  int: make("int", { min: 0 }),
  num: make("number", { min: 0 }),
  str: make("string"),
  bool: make("bool"),
  url: make("url"),
  oneOf: <const O extends Opts>(values: readonly string[], description: string, group: VarGroup, opts?: O) =>
    ({ kind: "enum", values, description, group, ...opts }) as Declared<"enum", O> & {
      values: readonly string[];
    },
};
