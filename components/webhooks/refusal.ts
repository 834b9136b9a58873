/**
 * A refused private target names the setting that allows it (127.0.0.1 was refused on a
 * developer's machine without saying how to test locally).
 */
export const refusalHint = (error: string) =>
  error.startsWith("refused:")
    ? ". For local testing, start the server with WEBHOOK_ALLOW_PRIVATE=1 (docs/events.md)"
    : "";
