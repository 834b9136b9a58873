import { describe, expect, it } from "vitest";
import { html, trusted } from "../platform/util/html";
import { docsResponse } from "./page";
import { classesOf } from "./styles";

describe("html template", () => {
  it("escapes values, keeps nested html, drops null/false", () => {
    const inner = html`<b>${"<i>"}</b>`;
    const out = html`<p title="${'"x" & y'}">${inner}${null}${false}${[1, "<", trusted("<br>")]}</p>`;
    expect(out.value).toBe('<p title="&quot;x&quot; &amp; y"><b>&lt;i&gt;</b>1&lt;<br></p>');
  });
});

describe("/docs page", () => {
  it("is one HTML document with its stylesheet inlined and only the copy-button script", async () => {
    const res = await docsResponse({ base: "http://127.0.0.1:3000" }, null);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const text = await res.text();
    expect(text.match(/<script\b[^>]*>/g)).toEqual(["<script>"]);
    expect(text).not.toMatch(/<script[^>]+src=|<link[^>]+stylesheet|\/_next\//);
    const css = /<style>([\s\S]*)<\/style>/.exec(text)![1]!;
    // Every class the markup uses has a rule (Tailwind compiled for exactly those classes).
    for (const c of ["max-w-5xl", "sm:grid-cols-2", "min-w-[32rem]", "sr-only", "bg-slate-900"]) {
      expect(classesOf(text)).toContain(c);
      expect(css).toContain(`.${c.replace(/[:[\]]/g, "\\$&")}`);
    }
    expect(text).toContain("export STATLINE_API_KEY=sk_test_…");
    expect(text).toContain(
      'data-copy="curl -H &quot;X-API-Key: $STATLINE_API_KEY&quot; http://127.0.0.1:3000/v1/competitions"',
    );
    expect(text).not.toContain("Designed parts");
  });

  it("shows the signed-in user's key prefix, escaped, and escapes a hostile Host", async () => {
    const res = await docsResponse(
      { base: 'http://evil"><script>x()</script>', key: { prefix: "sk_live_ab12", name: "<b>ci</b>" } },
      null,
    );
    const text = await res.text();
    expect(text).toContain("export STATLINE_API_KEY=sk_live_ab12…");
    expect(text).toContain("your key “&lt;b&gt;ci&lt;/b&gt;”");
    expect(text).not.toContain("<script>x()");
    expect(text.match(/<script\b/g)).toHaveLength(1);
  });

  it("answers If-None-Match with its ETag by a 304; another visitor's page has another tag", async () => {
    const ctx = { base: "http://127.0.0.1:3000" };
    const first = await docsResponse(ctx, null);
    const etag = first.headers.get("etag")!;
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await docsResponse(ctx, etag);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const signedIn = await docsResponse({ ...ctx, key: { prefix: "sk_test_x", name: "k" } }, etag);
    expect(signedIn.status).toBe(200);
  });
});
