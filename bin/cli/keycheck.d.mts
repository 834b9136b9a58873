// Types for lib/keys/checksum.test.ts, which compares this plain-JS copy with lib/keys/checksum.ts.
export function checksumOf(head: string): string;
export function checkKey(raw: string): { ok: boolean; environment?: "live" | "test"; message: string };
export function keysCheck(positionals: string[], flags: { json?: boolean }): Promise<number>;
