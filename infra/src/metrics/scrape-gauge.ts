import { Counter, Gauge } from 'prom-client';
import { registry } from './metrics';

const collectErrors = new Counter({
  name: 'leadfloor_metrics_collect_errors_total',
  help: 'Scrape-time readings that failed (the database or the broker did not answer); that reading is left out of the scrape.',
  labelNames: ['gauge'] as const,
  registers: [registry],
});

export type Sample<L extends string> = { labels: Record<L, string>; value: number };

/**
 * A gauge read when Prometheus scrapes, from whatever sources are watched at that moment.
 * A failing reading leaves the gauge empty for that scrape and counts an error, so one
 * unreachable dependency never fails the whole scrape.
 */
export function scrapeGauge<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  const sources = new Set<() => Promise<Sample<L>[]>>();
  new Gauge<L>({
    name, help, labelNames, registers: [registry],
    async collect() {
      this.reset();
      for (const read of sources) {
        try {
          for (const { labels, value } of await read()) this.set(labels as Partial<Record<L, string>>, value);
        } catch {
          collectErrors.inc({ gauge: name });
        }
      }
    },
  });
  return {
    /** Adds a source; returns the function that removes it. */
    watch(read: () => Promise<Sample<L>[]>) {
      sources.add(read);
      return () => void sources.delete(read);
    },
  };
}
