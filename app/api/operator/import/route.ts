import { z } from "zod";
import { firstIssue, readBounded } from "@/lib/auth/route";
import { ApiError } from "@/lib/platform/errors";
import { db } from "@/lib/platform/db";
import { operatorActor, operatorRoute } from "@/lib/operator/access";
import { importMaxBytes, importUpload } from "@/lib/operator/import";

export const dynamic = "force-dynamic";

const query = z.object({
  name: z.string().min(1).max(200),
  competition: z.string().trim().max(100).optional(),
  edition: z.string().trim().max(40).optional(),
  createTeams: z.enum(["0", "1"]).optional(),
  strict: z.enum(["0", "1"]).optional(),
  skipMalformed: z.enum(["0", "1"]).optional(),
});

/**
 * The file is the raw request body (the browser shows upload progress for it); the options are in
 * the query string. CSRF is checked by operatorRoute like every mutation.
 */
export const POST = operatorRoute(null, async ({ user, request }) => {
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new ApiError("INVALID_PARAMETER", firstIssue(parsed.error));
  const q = parsed.data;
  const max = importMaxBytes();
  const bytes = await readBounded(request, max, `The file is larger than ${max} bytes`);
  return importUpload(
    db,
    user.accountId,
    q.name,
    bytes,
    {
      competition: q.competition || undefined,
      edition: q.edition || undefined,
      createTeams: q.createTeams === "1",
      skipMalformed: q.skipMalformed === "1",
    },
    operatorActor(user, request),
  );
});
