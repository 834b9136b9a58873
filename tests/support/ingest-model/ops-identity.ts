/**
 * The writer's identity operations: a new team id named like one of its teams joins that team
 * (answered created: false with the row and rule it matched, no team.created change); a new person
 * id named like one of its persons, with no other fact, is a new person (never joined on a name
 * alone): 201, a new id and its person.created change.
 */
import { expect } from "vitest";
import { deliver, iso, ok, type Ctx, type Delivery, type Op } from "./ops";

export async function runIdentityOp(
  ctx: Ctx,
  op: Extract<Op, { k: "alias" | "namesake" }>,
  delivery: Delivery,
  at: number,
): Promise<void> {
  const w = ctx.writer;
  const ext = `${op.k[0]}${ctx.seq.n}`;
  if (op.k === "alias") {
    const t = w.teams[op.t];
    const body = { name: t.name, feed_at: iso(at) };
    const a = await deliver(ctx, { method: "PUT", path: `/${w.source}/teams/${ext}`, body }, delivery);
    const d = ok(a, 200, "a new id of a known team");
    expect(d).toMatchObject({ id: t.id, created: false, changed: false, ignored: false });
    expect(d.matched, a.text).toMatchObject({ id: t.id, rule: expect.any(String) });
    return;
  }
  const p = w.persons[op.p];
  const body = { name: p.name, feed_at: iso(at) };
  const a = await deliver(ctx, { method: "PUT", path: `/${w.source}/persons/${ext}`, body }, delivery);
  const d = ok(a, 201, "a namesake with no other fact");
  expect(d).toMatchObject({ created: true, changed: true, ignored: false });
  const id = String(d.id);
  expect(
    w.persons.map((x) => x.id),
    "a new person",
  ).not.toContain(id);
  w.persons.push({ ext, id, name: p.name });
  w.changes.push(`person.created ${id}`);
}
