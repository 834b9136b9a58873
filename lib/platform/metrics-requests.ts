import type { MetricObjectWithValues, MetricValue, Registry } from "prom-client";

interface Child {
  route: string;
  method: string;
  status: string;
  count: number;
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  buckets: Float64Array;
  sum: number;
}

/**
 * Request count and latency histogram per (route, method, status), kept as plain numbers on the
 * request path and rendered as a Prometheus counter and histogram when /metrics is scraped.
 * The exposition is what prom-client's Counter and Histogram would write for the same data
 * (the latency histogram is labelled by route and status, as before).
 */
export class RequestSeries {
  private readonly children = new Map<string, Map<number, Child>>();

  constructor(
    registry: Registry,
    private readonly def: {
      count: { name: string; help: string };
      latency: { name: string; help: string; buckets: number[] };
    },
  ) {
    const metric = (
      name: string,
      help: string,
      type: "counter" | "histogram",
      get: () => MetricValue<string>[],
    ) => ({
      name,
      help,
      type,
      aggregator: "sum" as const,
      get: async (): Promise<MetricObjectWithValues<MetricValue<string>>> =>
        ({ name, help, type, aggregator: "sum", values: get() }) as never,
      reset: () => this.children.clear(),
    });
    registry.registerMetric(
      metric(def.count.name, def.count.help, "counter", () => this.countValues()) as never,
    );
    registry.registerMetric(
      metric(def.latency.name, def.latency.help, "histogram", () => this.latencyValues()) as never,
    );
  }

  observe(route: string, method: string, status: number, seconds: number): void {
    let byStatus = this.children.get(route);
    if (!byStatus) this.children.set(route, (byStatus = new Map()));
    const key = method === "GET" ? status : status + 1000 * (method === "HEAD" ? 1 : 2);
    let child = byStatus.get(key);
    if (!child) {
      const m = method === "GET" || method === "HEAD" ? method : "OTHER";
      child = {
        route,
        method: m,
        status: String(status),
        count: 0,
        buckets: new Float64Array(this.def.latency.buckets.length + 1),
        sum: 0,
      };
      byStatus.set(key, child);
    }
    child.count++;
    child.sum += seconds;
    const bounds = this.def.latency.buckets;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]) i++;
    child.buckets[i]++;
  }

  private *all(): Generator<Child> {
    for (const byStatus of this.children.values()) yield* byStatus.values();
  }

  private countValues(): MetricValue<string>[] {
    return [...this.all()].map((c) => ({
      value: c.count,
      labels: { route: c.route, method: c.method, status: c.status },
    }));
  }

  /** Latency is labelled by route and status only: children differing by method are merged. */
  private latencyValues(): MetricValue<string>[] {
    const merged = new Map<
      string,
      { route: string; status: string; buckets: Float64Array; sum: number; count: number }
    >();
    for (const c of this.all()) {
      const k = `${c.route}\u0000${c.status}`;
      let m = merged.get(k);
      if (!m)
        merged.set(
          k,
          (m = {
            route: c.route,
            status: c.status,
            buckets: new Float64Array(c.buckets.length),
            sum: 0,
            count: 0,
          }),
        );
      for (let i = 0; i < c.buckets.length; i++) m.buckets[i] += c.buckets[i];
      m.sum += c.sum;
      m.count += c.count;
    }
    const name = this.def.latency.name;
    const out: MetricValue<string>[] = [];
    for (const m of merged.values()) {
      const labels = { route: m.route, status: m.status };
      let cumulative = 0;
      this.def.latency.buckets.forEach((le, i) => {
        cumulative += m.buckets[i];
        out.push({
          value: cumulative,
          // le first, as prom-client's own histograms print it (dashboards and tests match on it).
          labels: { le, ...labels },
          metricName: `${name}_bucket`,
        } as MetricValue<string>);
      });
      out.push({
        value: m.count,
        labels: { le: "+Inf", ...labels },
        metricName: `${name}_bucket`,
      } as MetricValue<string>);
      out.push({ value: m.sum, labels, metricName: `${name}_sum` } as MetricValue<string>);
      out.push({ value: m.count, labels, metricName: `${name}_count` } as MetricValue<string>);
    }
    return out;
  }
}
