// Cost of the usage hot path per request: admit (GCRA + quota reservation + headers) and settle
// (metering buffer + quota correction + headers), in process, no HTTP and no database.
// Run: npx tsx bench/usage-microbench.ts
import type { Caller } from "../lib/keys/caller";
import { buildPlans } from "../lib/plans";
import { createUsageControl } from "../lib/usage/control";
import type { Admission } from "../lib/usage/index";
import { MemoryRateLimiter } from "../lib/usage/limiter";
import { Meter } from "../lib/usage/meter";
import { MemoryQuotaLedger } from "../lib/usage/quota";

const plans = buildPlans('{"bench":{"ratePerMinute":600000000,"burst":10000000,"monthlyUnits":2000000000}}');
const units = 1; // what /v1/teams costs

async function run(label: string, keyCount: number, plan: string, iterations: number, drainEvery: number) {
  const meter = new Meter();
  const quota = new MemoryQuotaLedger(async () => 0);
  const usage = createUsageControl({
    limiter: new MemoryRateLimiter(),
    quota,
    meter,
    plans: (n) => plans.get(n)!,
  });
  const callers: Caller[] = Array.from({ length: keyCount }, (_, i) => ({
    keyId: `key${i}`,
    accountId: `acc${i % 100}`,
    prefix: `sk_test_${String(i).padStart(8, "0")}`,
    environment: "test",
    restrictions: null,
    plan,
  }));
  for (const c of callers) await usage.admit(c, units); // loads each account's month total once
  let sink = 0;
  const once = (i: number) => {
    const c = callers[i % keyCount];
    const a = usage.admit(c, units) as Admission;
    const h = usage.settle(c, "/v1/teams", 200, 1, a);
    sink += a.headers["X-RateLimit-Remaining"].length + h["X-Units-Used"].length;
    if (drainEvery > 0 && i % drainEvery === 0) meter.drain();
  };
  for (let i = 0; i < 200_000; i++) once(i); // warm-up
  meter.drain();
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) once(i);
  const ns = Number(process.hrtime.bigint() - start) / iterations;
  const drainStart = process.hrtime.bigint();
  const batch = meter.drain();
  const drainMs = Number(process.hrtime.bigint() - drainStart) / 1e6;
  console.log(
    `${label.padEnd(44)} ${ns.toFixed(0).padStart(5)} ns/request   (final drain ${drainMs.toFixed(1)} ms for ${batch.usage.length} rows; ${sink > 0 ? "ok" : "?"})`,
  );
  return ns;
}

async function main() {
  const n = Number(process.env.ITERATIONS ?? 2_000_000);
  console.log(
    `usage hot path, ${n.toLocaleString("en-US")} admit+settle pairs per row, Node ${process.version}`,
  );
  const results = {
    oneKeyRateLimited: await run("1 key, rate limit + quota", 1, "bench", n, 0),
    thousandKeysRateLimited: await run("1,000 keys (100 accounts), rate limit + quota", 1000, "bench", n, 0),
    thousandKeysWithDrain: await run(
      "1,000 keys, plus a flush drain every 10k req",
      1000,
      "bench",
      n,
      10_000,
    ),
    unlimited: await run("1 key, unlimited plan (metering only)", 1, "unlimited", n, 0),
  };
  console.log(JSON.stringify(results));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
