import { z } from "zod";
import { dashboardRoute } from "@/lib/auth/route";
import { overview } from "@/lib/overview/overview";
import { db } from "@/lib/platform/db";
import { instanceBaseUrl } from "@/lib/auth/origin";

export const dynamic = "force-dynamic";

const query = z.object({ env: z.enum(["live", "test"]).default("test") });

export const GET = dashboardRoute("usage.read", query, ({ user, body, request }) =>
  overview(
    db,
    user.accountId,
    body.env,
    instanceBaseUrl((name) => request.headers.get(name)),
  ),
);
