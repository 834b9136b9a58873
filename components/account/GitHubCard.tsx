"use client";

import { Badge } from "../ui/Badge";
import { Button } from "../ui/Button";
import { Card, CardHeader } from "../ui/Card";

/** Explicit linking: GitHub joins this account only when connected from here, while signed in. */
export function GitHubCard({ linked }: { linked: boolean }) {
  return (
    <Card>
      <CardHeader
        title="GitHub"
        description={
          linked
            ? "Connected: you can sign in with GitHub."
            : "Connect GitHub to sign in with it. Your GitHub email alone never signs in to this account."
        }
        action={
          linked ? (
            <Badge tone="green" dot>
              Connected
            </Badge>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              // next-auth's client is fetched on click, not with the page (as the sign-out button).
              onClick={() =>
                import("next-auth/react").then(({ signIn }) =>
                  signIn("github", { callbackUrl: "/dashboard/account" }),
                )
              }
            >
              Connect GitHub
            </Button>
          )
        }
      />
    </Card>
  );
}
