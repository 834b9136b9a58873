export {
  createClient,
  type ChangeFeed,
  type ChangeQuery,
  type ClientOptions,
  type StatlineClient,
} from "./client.js";
export type { Change, ChangeData, ChangeType, ContestData, MatchEventData, Replay } from "./changes.js";
export { sseFrames, type StreamOptions } from "./stream.js";
export {
  API_KEY_ENV,
  BASE_URL_ENV,
  DEFAULT_BASE_URL,
  URL_ENV_ALIAS,
  credentialsPath,
  resolveConfig,
  type ResolvedConfig,
} from "./config.js";
export { StatlineError, parseRetryAfter } from "./errors.js";
export {
  NOT_RETRIED_CODES,
  RETRY_STATUSES,
  retryingFetch,
  type RetryInfo,
  type RetryOptions,
} from "./retry.js";
export { pages, items } from "./paginate.js";
export { openapi } from "./generated/openapi.js";
export type * from "./types.js";
