/**
 * Content-Security-Policy of every page. 'unsafe-inline' for scripts and styles, not nonces:
 * Next's App Router inlines its bootstrap and flight-data scripts, and a nonce would have to be
 * minted per request in proxy.ts, turning every page dynamic (no static rendering, no caching);
 * the pages render no user HTML (React escapes text), so the policy's worth is in what it denies:
 * scripts, styles, images, fonts and connections from any other origin, plugins, <base>
 * hijacking and framing. Form posts may go only to this origin and to loopback (the agent
 * handoff's approval redirects to the CLI's 127.0.0.1 listener, RFC 8252 §7.3). Next's dev
 * server needs eval for fast refresh.
 */
const dev = process.env.NODE_ENV !== "production";
const csp = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self' http://127.0.0.1:* http://localhost:* http://[::1]:*",
  "frame-ancestors 'none'",
].join("; ");

/** @type {import('next').NextConfig} */
const nextConfig = {
  // Tests and helpers may build into their own folder so builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  serverExternalPackages: ["better-sqlite3", "@prisma/adapter-better-sqlite3", "pino", "ioredis"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Content-Security-Policy", value: csp },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
