/**
 * The files GET /sdk/collections/<name> serves: the Postman collection and environment, and the
 * Bruno collection as a ZIP (lib/sdk/collections.ts), from this instance's three documents.
 */
import { RECORDS } from "../api/endpoints/docs";
import { routes } from "../api/routes";
import { buildOpenApi } from "../docs/openapi";
import { openApiExtensions } from "../docs/openapi-extra";
import { ingestOpenApi } from "../ingest/openapi";
import { sandboxOpenApi } from "../replay/openapi";
import { brunoFiles, postmanCollection, postmanEnvironment, type Doc } from "./collections";
import { sdkVersion } from "./wheel";
import { zip } from "./zip";

export const COLLECTION_FILES = {
  "statline.postman_collection.json": "application/json",
  "statline.postman_environment.json": "application/json",
  "statline-bruno.zip": "application/zip",
} as const;
export type CollectionFile = keyof typeof COLLECTION_FILES;

const docs = (): Doc[] => [
  { name: "v1", doc: buildOpenApi(routes, RECORDS, openApiExtensions) },
  { name: "ingest", doc: ingestOpenApi() },
  { name: "sandbox", doc: sandboxOpenApi() },
];

/** One file's bytes; `origin` is the environment's baseUrl (the instance as the request reached it). */
export function collectionFile(file: CollectionFile, origin: string): Buffer {
  if (file === "statline.postman_collection.json")
    return Buffer.from(JSON.stringify(postmanCollection(docs(), sdkVersion()), null, 2));
  if (file === "statline.postman_environment.json")
    return Buffer.from(JSON.stringify(postmanEnvironment(docs(), origin), null, 2));
  return zip(brunoFiles(docs(), origin));
}
