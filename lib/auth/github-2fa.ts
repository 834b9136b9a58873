import { seal, unseal } from "./seal";

/**
 * GitHub sign-in honours two-factor: for a user with it on, the GitHub callback does not start a
 * session but sends the browser to /signin?twofactor=<ticket>, where the code completes the
 * sign-in through the credentials provider. The ticket is sealed (AES-256-GCM under
 * NEXTAUTH_SECRET: unforgeable, unreadable), names the user and expires after TICKET_MS; it is
 * worth nothing without a code, which is single-use and throttled per user.
 */
const TICKET_MS = 5 * 60_000;
const PURPOSE = "github-2fa";

export function githubTicket(userId: string, now = Date.now()): string {
  return seal(PURPOSE, JSON.stringify({ uid: userId, exp: now + TICKET_MS }));
}

/** The user a ticket was issued for, or null when it is forged, garbled or expired. */
export function openGitHubTicket(ticket: string, now = Date.now()): string | null {
  if (ticket.length > 400) return null;
  const plain = unseal(PURPOSE, ticket);
  if (!plain) return null;
  try {
    const { uid, exp } = JSON.parse(plain) as { uid?: unknown; exp?: unknown };
    return typeof uid === "string" && typeof exp === "number" && exp > now ? uid : null;
  } catch {
    return null;
  }
}
