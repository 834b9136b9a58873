/**
 * The live clock of a contest: its period and the elapsed minute of play, reported by an ingest
 * feed (`PUT .../state` with `period` and `minute`) and by sandbox replays, shown on
 * GET /v1/contests/{id} and in every contest change of the feed and the stream.
 */
export const PERIODS = [
  "first_half",
  "half_time",
  "second_half",
  "extra_time",
  "penalties",
  "finished",
] as const;
export type Period = (typeof PERIODS)[number];
