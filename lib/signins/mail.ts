import { mailLinkBase } from "../auth/email-verification";
import { mailConfigured, sendMail } from "../mail";
import { describeUserAgent } from "../platform/util/user-agent";

const METHOD_WORDS: Record<string, string> = {
  password: "email and password",
  passkey: "a passkey",
  github: "GitHub",
  oidc: "single sign-on",
};

/** "New sign-in to your Statline account": when, browser, address, how, and what to do if not you. */
export async function mailNewSignIn(
  to: string,
  where: { ip: string | null; userAgent: string | null },
  method: string,
  at: Date,
) {
  if (!mailConfigured()) return "skipped" as const;
  const base = mailLinkBase() ?? "";
  const lines = [
    `Your Statline account ${to} was just signed in to from a browser or address it has not used before.`,
    "",
    `When: ${at.toISOString().replace("T", " ").slice(0, 19)} UTC`,
    `Browser: ${describeUserAgent(where.userAgent)}`,
    `Address: ${where.ip ?? "unknown"}`,
    `Signed in with: ${METHOD_WORDS[method] ?? method}`,
    "",
    "If this was you, there is nothing to do.",
    "If it was not, change your password and sign out everywhere on your account page:",
    `${base}/dashboard/account`,
  ];
  return sendMail({ to, subject: "New sign-in to your Statline account", text: lines.join("\n") });
}
