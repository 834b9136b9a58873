import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeHandler } from "../http/node";
import { ingestSurface } from "./pipeline";

export { INGEST_PATH } from "./pipeline";

const serveNode = nodeHandler(ingestSurface);

/** The lean server's handler for /ingest/v1 (server.ts routes to it beside /v1). */
export async function handleIngestNode(req: IncomingMessage, res: ServerResponse): Promise<void> {
  await serveNode(req, res);
}
