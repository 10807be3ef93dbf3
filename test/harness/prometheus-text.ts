/** One sample of the Prometheus text exposition: `name{label="value",…} value`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Every metric family declared (`# TYPE name type`), with its type. */
  types: Map<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Reads the text format (version 0.0.4), as Prometheus would. */
export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (!line || line.startsWith('#')) continue;
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, name, value] of (match[2] ?? '').matchAll(LABEL))
      labels[name] = value.replace(/\\n/g, '\n').replace(/\\(.)/g, '$1');
    samples.push({ name: match[1], labels, value: Number(match[3]) });
  }
  return { samples, types };
}

/** The series names a scrape can hold: counters and gauges as declared, histograms with their suffixes. */
export function seriesNames(types: Map<string, string>): Set<string> {
  const names = new Set<string>();
  for (const [name, type] of types) {
    names.add(name);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

/** Scrapes every URL and puts the samples and declarations together. */
export async function scrapeAll(urls: string[]): Promise<Exposition> {
  const all: Exposition = { samples: [], types: new Map() };
  for (const url of urls) {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    const { samples, types } = parseExposition(await res.text());
    all.samples.push(...samples);
    for (const [name, type] of types) all.types.set(name, type);
  }
  return all;
}

/** The sum of a series' values over every sample whose labels include `labels` (all processes). */
export function total(exposition: Exposition, name: string, labels: Record<string, string> = {}): number {
  return exposition.samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((sum, s) => sum + s.value, 0);
}
