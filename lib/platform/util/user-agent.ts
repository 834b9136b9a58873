/** "Chrome 131 on Linux" from a user-agent string; good enough to recognise a session, not to trust. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return "—";
  const browser =
    match(ua, /Edg\/(\d+)/, "Edge") ??
    match(ua, /(?:HeadlessChrome|Chrome)\/(\d+)/, "Chrome") ??
    match(ua, /Firefox\/(\d+)/, "Firefox") ??
    match(ua, /Version\/(\d+)[\d.]* .*Safari/, "Safari") ??
    match(ua, /^curl\/([\d.]+)/, "curl") ??
    match(ua, /^node(?:-fetch)?\/?([\d.]*)/i, "Node.js");
  const os = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Mac OS X/.test(ua)
        ? "macOS"
        : /Android/.test(ua)
          ? "Android"
          : /Linux/.test(ua)
            ? "Linux"
            : null;
  if (!browser) return ua.length > 40 ? `${ua.slice(0, 40)}…` : ua;
  return os ? `${browser} on ${os}` : browser;
}

function match(ua: string, re: RegExp, name: string): string | null {
  const m = re.exec(ua);
  return m ? `${name}${m[1] ? ` ${m[1]}` : ""}` : null;
}

/** The browser and system without versions ("Chrome on Linux"): an update is not a new browser. */
export const browserKey = (ua: string | null): string => describeUserAgent(ua).replace(/ [\d.]+(?= |$)/g, "");
