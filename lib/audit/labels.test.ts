import { describe, expect, it } from "vitest";
import { auditCsv } from "./views";
import { auditLabel } from "./labels";

describe("audit log labels and CSV", () => {
  it("labels every code in words, known or not (raw codes were shown)", () => {
    expect(auditLabel("key.disabled")).toBe("Key disabled");
    expect(auditLabel("account.plan_changed")).toBe("Plan changed");
    expect(auditLabel("team.alias_added")).toBe("Team alias added");
  });

  it("exports labels and codes, formula-safe", () => {
    const csv = auditCsv([
      {
        id: "e1",
        action: "key.created",
        targetType: "api_key",
        targetId: "k1",
        detail: '=HYPERLINK("x") "name" (test)',
        ip: "127.0.0.1",
        userAgent: "curl/8.5.0",
        createdAt: "2026-11-25T10:00:00.000Z",
        actor: { email: "a@example.com", name: null },
      },
    ]);
    expect(csv.split("\r\n")).toEqual([
      "time_utc,event,action,actor,target,ip,user_agent",
      `2026-11-25T10:00:00.000Z,Key created,key.created,a@example.com,"'=HYPERLINK(""x"") ""name"" (test)",127.0.0.1,curl/8.5.0`,
      "",
    ]);
  });
});
