import { keyDisabledRoute } from "@/lib/dashboard/key-disable-route";

export const dynamic = "force-dynamic";

/** Enables one of the caller's keys (reversible, audited); another account's key is 404. */
export const POST = keyDisabledRoute(false);
