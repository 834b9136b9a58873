import { envInt } from "../platform/config";

/** The largest file the console's import accepts (server.ts applies it instead of BODY_LIMIT_BYTES). */
export const importMaxBytes = () => envInt("OPERATOR_IMPORT_MAX_BYTES");

/** The upload route. Kept apart from the importers so server.ts does not load them at start-up. */
export const OPERATOR_IMPORT_PATH = /^\/api\/operator\/import(?:\?|$)/;
