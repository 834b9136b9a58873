/**
 * prisma/schema.prisma (SQLite) is the one source of truth; the PostgreSQL schema is this
 * mechanical rewrite of it. Only the provider and the generated client's folder differ.
 */
export function derivePostgresSchema(source: string): string {
  const header =
    "// DERIVED FILE - do not edit. Generated from prisma/schema.prisma by `npm run db:derive`.\n";
  const out = source
    .replace(/provider\s*=\s*"sqlite"/, 'provider = "postgresql"')
    .replace(/output(\s*)=\s*"\.\.\/lib\/generated\/sqlite"/, 'output$1= "../../lib/generated/postgres"');
  if (out === source)
    throw new Error("prisma/schema.prisma no longer has the expected provider/output lines");
  return header + out;
}
