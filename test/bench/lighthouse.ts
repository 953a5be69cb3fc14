import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';

import { CHROMIUM_FLAGS } from '#test/support/browser';

/**
 * Lighthouse (Node API) on the local production build: the default config, i.e. the mobile preset (Moto G Power
 * screen, simulated slow 4G and 4× CPU slowdown), performance category only. Each run gets a fresh Debian Chromium
 * (a fresh profile, no cache); the figures are the median of each metric on its own over the runs.
 */

const CHROME_PATH = '/usr/bin/chromium';

export interface LighthouseRun {
  score: number; // performance score × 100
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** What the LCP is made of (LCP breakdown: time to first byte, resource load delay and time, render delay), ms. */
  lcpPhases: Record<string, number>;
  lcpElement: string;
}

export interface LighthouseFigures {
  path: string;
  runs: LighthouseRun[];
  /** Runs repeated because Lighthouse reported a runtime error (NO_FCP now and then on this loaded 2-core machine). */
  retried: string[];
  median: { score: number; lcpMs: number; tbtMs: number; cls: number };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function numeric(lhr: Result, audit: string): number {
  const value = lhr.audits[audit]?.numericValue;
  if (typeof value !== 'number') throw new Error(`Lighthouse gave no ${audit} for ${lhr.finalDisplayedUrl}`);
  return value;
}

/** The LCP element and its phases, from the `largest-contentful-paint-element` audit (a list of two tables). */
function lcpDetail(lhr: Result): { lcpElement: string; lcpPhases: Record<string, number> } {
  const details = lhr.audits['largest-contentful-paint-element']?.details;
  let lcpElement = '(none)';
  const lcpPhases: Record<string, number> = {};
  if (details?.type !== 'list') return { lcpElement, lcpPhases };
  for (const item of details.items) {
    if (item.type !== 'table') continue;
    for (const entry of item.items) {
      const node = entry['node'];
      if (node && typeof node === 'object' && 'type' in node && node.type === 'node') {
        lcpElement = ('snippet' in node && typeof node.snippet === 'string' ? node.snippet : undefined) ?? lcpElement;
      }
      if (typeof entry['phase'] === 'string' && typeof entry['timing'] === 'number')
        lcpPhases[entry['phase']] = entry['timing'];
    }
  }
  return { lcpElement, lcpPhases };
}

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function runOnce(url: string, report?: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: [...CHROMIUM_FLAGS],
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr;
    if (report) writeFileSync(report, JSON.stringify(lhr));
    if (lhr.runtimeError)
      throw new LighthouseRuntimeError(lhr.runtimeError.code, `Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = lhr.categories['performance']?.score;
    if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${url}`);
    return {
      score: score * 100,
      lcpMs: numeric(lhr, 'largest-contentful-paint'),
      tbtMs: numeric(lhr, 'total-blocking-time'),
      cls: numeric(lhr, 'cumulative-layout-shift'),
      ...lcpDetail(lhr),
    };
  } finally {
    chrome.kill();
  }
}

/** A run that ends in a Lighthouse runtime error (e.g. NO_FCP, seen now and then here) is run again, twice at most. */
async function runWithRetries(url: string, retried: string[], report?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, report);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || attempt === 3) throw error;
      retried.push(error.code);
    }
  }
}

/**
 * `before(path)` runs before each run of a path (e.g. to take a published page away: the fallback is measured);
 * with `reports`, a folder, each run's Lighthouse report is kept there as JSON (`book_intro-call-1.json`, …).
 */
export async function benchLighthouse(
  baseUrl: string,
  paths: string[],
  runs = 5,
  before: (path: string) => Promise<void> | void = () => undefined,
  reports?: string,
): Promise<LighthouseFigures[]> {
  const results: LighthouseFigures[] = [];
  if (reports) mkdirSync(reports, { recursive: true });
  for (const path of paths) {
    const done: LighthouseRun[] = [];
    const retried: string[] = [];
    const name = path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9-]+/gi, '_') || 'landing';
    for (let i = 0; i < runs; i++) {
      await before(path);
      done.push(await runWithRetries(`${baseUrl}${path}`, retried, reports && join(reports, `${name}-${i + 1}.json`)));
    }
    results.push({
      path,
      runs: done,
      retried,
      median: {
        score: median(done.map((run) => run.score)),
        lcpMs: median(done.map((run) => run.lcpMs)),
        tbtMs: median(done.map((run) => run.tbtMs)),
        cls: median(done.map((run) => run.cls)),
      },
    });
  }
  return results;
}
