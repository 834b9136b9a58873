import { describe, expect, it } from "vitest";
import { joinNamesake, type Namesake } from "./persons";

const olmo = (id: number, more: Partial<Namesake> = {}): Namesake => ({ id, ...more });

describe("the one rule joining a person to a namesake", () => {
  it("never joins on the name alone", () => {
    expect(joinNamesake([olmo(1)], {})).toBeNull();
    expect(joinNamesake([olmo(1, { nationality: "ES" })], { teamId: 7 })).toBeNull();
  });

  it("joins the single namesake a fact points at, and says by which rule", () => {
    const born = new Date("1998-05-07T00:00:00Z");
    const all = [olmo(1, { birthDate: born }), olmo(2, { teamIds: [7] }), olmo(3, { nationality: "ES" })];
    expect(joinNamesake(all, { birthDate: "1998-05-07" })).toEqual({ id: 1, rule: "name and date of birth" });
    expect(joinNamesake(all, { teamId: 7 })).toEqual({ id: 2, rule: "name and team" });
    expect(joinNamesake(all, { nationality: "es" })).toEqual({ id: 3, rule: "name and nationality" });
  });

  it("joins nobody when a fact fits several namesakes", () => {
    expect(joinNamesake([olmo(1, { teamIds: [7] }), olmo(2, { teamIds: [7, 8] })], { teamId: 7 })).toBeNull();
    expect(joinNamesake([olmo(1, { teamIds: [7] }), olmo(2, { teamIds: [7, 8] })], { teamId: 8 })).toEqual({
      id: 2,
      rule: "name and team",
    });
  });
});
