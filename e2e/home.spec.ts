import { expect, test } from "@playwright/test";

test("home page says what Statline is and links onward", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Sports statistics");
  const nav = page.getByRole("navigation", { name: "Primary" });
  await expect(nav.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
  await expect(nav.getByRole("link", { name: "API docs" })).toHaveAttribute("href", "/docs");
});

test("readyz answers 200 against the seeded database", async ({ request }) => {
  const res = await request.get("/readyz");
  expect(res.status()).toBe(200);
  expect(await res.json()).toEqual({ status: "ready", database: "up", redis: "not_configured" });
});
