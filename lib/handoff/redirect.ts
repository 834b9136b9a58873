/** The only path an agent's loopback listener may use. */
export const LOOPBACK_PATH = "/callback";

/**
 * RFC 8252 §7.3 / RFC 9700 §4.1: a native app's redirect goes to a loopback IP literal (never
 * "localhost", which DNS or /etc/hosts can point elsewhere) on any port, at a fixed path, over
 * plain http. Anything else is refused, so an approval can never send a code to another host.
 * Returns the normalized URI or null.
 */
export function loopbackRedirectUri(input: string): string | null {
  const match = /^http:\/\/(127\.0\.0\.1|\[::1\]):(\d{1,5})(\/[^?#]*)$/.exec(input);
  if (!match) return null;
  const port = Number(match[2]);
  if (port < 1 || port > 65535 || match[3] !== LOOPBACK_PATH) return null;
  return `http://${match[1]}:${port}${LOOPBACK_PATH}`;
}
