import { routes } from "./lib/api/routes";
import { buildOpenApi } from "./lib/api/openapi";
import { RECORDS } from "./lib/api/endpoints/docs";
import { openApiExtensions } from "./lib/api/openapi-extra";
import { writeFileSync } from "node:fs";
writeFileSync("/tmp/i15-doc.json", JSON.stringify(buildOpenApi(routes, RECORDS, openApiExtensions), null, 1));
