// Shared by the server (lib/auth/refusal.ts) and the sign-in form: no server-only imports here.
const REFUSAL = /^(Throttled|Busy):(\d+)$/;

/** Reads next-auth's error value for a refused sign-in: "Throttled:<s>" or "Busy:<s>", else null. */
export function parseRefusal(error: string | null | undefined): { kind: string; seconds: number } | null {
  const m = error ? REFUSAL.exec(error) : null;
  return m ? { kind: m[1], seconds: Number(m[2]) } : null;
}
