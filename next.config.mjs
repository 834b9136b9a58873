/**
 * Content-Security-Policy of every page. 'unsafe-inline' for scripts and styles, not nonces:
 * Next's App Router inlines its bootstrap and flight-data scripts, and a nonce would have to be
 * minted per request in proxy.ts, turning every page dynamic (no static rendering, no caching);
 * the pages render no user HTML (React escapes text), so the policy's worth is in what it denies:
 * scripts, styles, images, fonts and connections from any other origin, plugins, <base>
 * hijacking and framing. Form posts go to this origin only, except on the agent handoff's
 * approval page (/agent/<code>), whose approval redirects to the CLI's loopback listener
 * (RFC 8252 §7.3: http://127.0.0.1:<port> or http://[::1]:<port>), and form-action covers
 * redirects. CSP has no syntax for an IPv6 host: Chromium rejected `http://[::1]:*` as an invalid
 * source and blocked the [::1] redirect, so that page allows the `http:` scheme instead (the
 * redirect target itself is checked by the server: lib/handoff/redirect.ts accepts loopback only).
 * Next's dev server needs eval for fast refresh.
 */
const dev = process.env.NODE_ENV !== "production";
const csp = (formAction) =>
  [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
  ].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // STATLINE_BUILD_TYPECHECK=0 (npm test): tsc checks the project after the build instead.
  typescript: { ignoreBuildErrors: process.env.STATLINE_BUILD_TYPECHECK === "0" },
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pino", "ioredis"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
      // One policy per page (two Content-Security-Policy headers would both apply, the stricter
      // winning): every page but the handoff approval posts to this origin only; that page may
      // post on to the loopback listener.
      { source: "/((?!agent/).*)", headers: [{ key: "Content-Security-Policy", value: csp("'self'") }] },
      { source: "/agent/:code", headers: [{ key: "Content-Security-Policy", value: csp("'self' http:") }] },
    ];
  },
};

export default nextConfig;
