import { describe, expect, it } from "vitest";
import { allowlistMatcher, parseAllowlist, unmapIp } from "./scopes";

// A key's IP allowlist: IPv4 clients are matched by IPv4 ranges and IPv6 clients by IPv6 ranges,
// whichever form the socket reports (::ffff:a.b.c.d is IPv4).
describe("IP allowlist", () => {
  it("an IPv6 range covering ::ffff:0:0/96 does not admit IPv4 clients", () => {
    for (const range of ["::ffff:0:0/96", "::/0", "::/64"]) {
      const allow = allowlistMatcher(range);
      expect(allow("8.8.8.8"), range).toBe(false);
      expect(allow("::ffff:8.8.8.8"), range).toBe(false);
      expect(allow("::ffff:808:808"), range).toBe(false);
    }
    expect(allowlistMatcher("::/0")("2001:db8::1")).toBe(true);
  });

  it("an IPv4 range admits its clients in every notation, and no one else", () => {
    const allow = allowlistMatcher("10.0.0.0/8,2001:db8::/32");
    for (const ip of ["10.1.2.3", "::ffff:10.1.2.3", "::FFFF:a01:203", "2001:db8::5"])
      expect(allow(ip), ip).toBe(true);
    for (const ip of ["11.0.0.1", "::ffff:11.0.0.1", "2001:db9::1", "not-an-ip"])
      expect(allow(ip), ip).toBe(false);
  });

  it("refuses ranges written in the mapped form (they are IPv4 ranges)", () => {
    expect(parseAllowlist("::ffff:0:0/96")).toEqual({
      error: expect.stringMatching(/^Write ::ffff:0:0\/96 as IPv4/),
    });
    expect(parseAllowlist("10.0.0.0/8 ::ffff:10.0.0.1")).toHaveProperty("error");
    expect(parseAllowlist("::/0, 10.0.0.0/8")).toEqual({ cidrs: ["::/0", "10.0.0.0/8"] });
  });

  it("names the bad entries in the refusal, not a schema path", () => {
    expect(parseAllowlist("10.0.0.0/33")).toEqual({
      error: "10.0.0.0/33 is not an IPv4/IPv6 address or CIDR range",
    });
    expect(parseAllowlist("10.0.0.0/33, banana, 10.0.0.0/8")).toEqual({
      error: "10.0.0.0/33 and banana are not IPv4/IPv6 addresses or CIDR ranges",
    });
    expect(parseAllowlist("a b c d e 10.0.0.0/8")).toEqual({
      error: "a, b, c and 2 more are not IPv4/IPv6 addresses or CIDR ranges",
    });
  });

  it("unmaps IPv4-mapped addresses only", () => {
    expect(unmapIp("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(unmapIp("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(unmapIp("::1")).toBe("::1");
    expect(unmapIp("10.0.0.1")).toBe("10.0.0.1");
  });
});
