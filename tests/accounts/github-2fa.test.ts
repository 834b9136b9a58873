import { beforeAll, describe, expect, it } from "vitest";
import { githubTicket, openGitHubTicket } from "../../lib/auth/github-2fa";
import { copyTemplateDb } from "../support/app";
import { ensureTemplateDb } from "../support/template";

process.env.NEXTAUTH_SECRET ??= "test-secret-not-for-production-0123456789";

describe("GitHub sign-in honours two-factor", () => {
  beforeAll(() => {
    // lib/platform/db's client is created on first use from DATABASE_URL.
    process.env.DATABASE_URL = copyTemplateDb(ensureTemplateDb());
  });

  it("sends a 2FA user to the code step with a sealed ticket; others sign in directly", async () => {
    const { authOptions } = await import("../../lib/auth/options");
    const { db } = await import("../../lib/platform/db");
    const make = async (email: string, githubId: string, totp: boolean) => {
      const user = await db.user.create({
        data: {
          email,
          account: { create: { name: email } },
          ...(totp ? { totpSecret: "sealed", totpEnabledAt: new Date() } : {}),
        },
      });
      await db.oAuthAccount.create({
        data: { userId: user.id, type: "oauth", provider: "github", providerAccountId: githubId },
      });
      return user.id;
    };
    const withTotp = await make("gh-2fa@example.com", "9001", true);
    await make("gh-plain@example.com", "9002", false);
    type SignInArgs = Parameters<NonNullable<NonNullable<typeof authOptions.callbacks>["signIn"]>>[0];
    const signIn = (githubId: string, email: string) =>
      authOptions.callbacks!.signIn!({
        user: { id: githubId, email },
        account: { provider: "github", providerAccountId: githubId, type: "oauth" },
      } as unknown as SignInArgs);
    const answer = await signIn("9001", "gh-2fa@example.com");
    expect(typeof answer).toBe("string");
    const url = new URL(String(answer), "http://x");
    expect(url.pathname).toBe("/signin");
    expect(openGitHubTicket(url.searchParams.get("twofactor")!)).toBe(withTotp);
    expect(await signIn("9002", "gh-plain@example.com")).toBe(true);
  });

  it("a ticket is unforgeable and expires after 5 minutes", () => {
    const ticket = githubTicket("user-1");
    expect(openGitHubTicket(ticket)).toBe("user-1");
    expect(openGitHubTicket(`${ticket.slice(0, -3)}abc`)).toBeNull();
    expect(openGitHubTicket(ticket, Date.now() + 5 * 60_000 + 1)).toBeNull();
  });
});
