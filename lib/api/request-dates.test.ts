import { expect, test } from "vitest";
import { q } from "./request";

// Found by the hostile-input suite: V8's Date.parse rolls 2023-02-29 over to March 1.
test("instants on days that do not exist are rejected, real ones accepted", () => {
  for (const bad of ["2023-02-29", "2024-02-30T10:00:00Z", "2024-04-31T00:00:00+02:00", "2024-13-01"]) {
    expect(q.instant.safeParse(bad).success, bad).toBe(false);
  }
  for (const good of ["2024-02-29", "2024-02-29T23:59:59Z", "2024-12-31T00:00:00+02:00"]) {
    expect(q.instant.safeParse(good).success, good).toBe(true);
  }
});
