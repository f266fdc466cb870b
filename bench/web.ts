import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { gotoAndSettle } from './wait-quiet.js';
import puppeteer from 'puppeteer-core';
import { ensureChromium, systemHost } from '../scripts/find-chromium.js';

let chromiumPath: string | undefined;
/** The same browser the end-to-end tests use (scripts/find-chromium.ts), looked up when first launched. */
export function chromiumBinary(): string {
  return (chromiumPath ??= ensureChromium(systemHost()).path);
}
const CHROME_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface PageToMeasure {
  name: string;
  path: string;
  /** localStorage entries set before the page loads (a signed-in session). */
  storage?: Record<string, string>;
}

export interface PageJs {
  name: string;
  files: number;
  gzipBytes: number;
}

/** The JavaScript a page downloads on its first load, gzip-compressed at level 9 and summed. */
export async function measureFirstLoadJs(baseUrl: string, pages: PageToMeasure[]): Promise<PageJs[]> {
  const browser = await chromium.launch({ executablePath: chromiumBinary(), args: CHROME_ARGS, headless: true });
  const out: PageJs[] = [];
  try {
    for (const p of pages) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
      if (p.storage) {
        await context.addInitScript((entries) => {
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        }, p.storage);
      }
      const page = await context.newPage();
      const scripts = new Map<string, Promise<Buffer>>();
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script' || !res.ok()) return;
        const body = res.body();
        // A chunk still arriving when the page closes must not crash the run (it is not counted).
        body.catch(() => {});
        scripts.set(res.url(), body);
      });
      await gotoAndSettle(page, baseUrl + p.path);
      let gzipBytes = 0;
      let files = 0;
      for (const body of [...scripts.values()]) {
        const bytes = await body.catch(() => null);
        if (!bytes) continue;
        gzipBytes += gzipSync(bytes, { level: 9 }).length;
        files++;
      }
      out.push({ name: p.name, files, gzipBytes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

export interface LighthouseScores {
  name: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** The metrics behind the performance score (ms; CLS unitless), to see what costs what. */
  metrics?: { fcp: number; lcp: number; tbt: number; cls: number; speedIndex: number };
  /**
   * Lighthouse's `benchmarkIndex` of the host (its own CPU test): the 4× slowdown is relative to
   * the host, so the same page scores lower on a slower host (Lighthouse's table: 1,500–2,000 for
   * a high-end desktop, for which 4× lands on a mid-tier phone).
   */
  benchmarkIndex?: number;
}

export interface LighthouseOptions {
  /** Writes each page's full Lighthouse JSON here as `<name>.json` (for the audits' details). */
  saveDir?: string;
}

/** Lighthouse in its default mobile mode, in the browser finder's Chromium, for each page. */
export async function runLighthouse(baseUrl: string, pages: PageToMeasure[], options: LighthouseOptions = {}): Promise<LighthouseScores[]> {
  const chrome = await chromeLauncher.launch({ chromePath: chromiumBinary(), chromeFlags: ['--headless=new', ...CHROME_ARGS] });
  const out: LighthouseScores[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    for (const p of pages) {
      const page = await browser.newPage();
      if (p.storage) {
        await page.goto(baseUrl + '/terms');
        await page.evaluate((entries) => {
          for (const [k, v] of Object.entries(entries)) localStorage.setItem(k, v);
        }, p.storage);
      }
      const result = await lighthouse(
        baseUrl + p.path,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'], disableStorageReset: Boolean(p.storage) },
        undefined,
        page,
      );
      const c = result?.lhr.categories;
      const score = (k: string) => Math.round((c?.[k]?.score ?? 0) * 100);
      const metric = (id: string) => result?.lhr.audits[id]?.numericValue ?? Number.NaN;
      const metrics = {
        fcp: Math.round(metric('first-contentful-paint')),
        lcp: Math.round(metric('largest-contentful-paint')),
        tbt: Math.round(metric('total-blocking-time')),
        cls: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
        speedIndex: Math.round(metric('speed-index')),
      };
      if (options.saveDir && result) writeFileSync(path.join(options.saveDir, `${p.name.replace(/\W+/g, '-')}.json`), JSON.stringify(result.lhr));
      const benchmarkIndex = result?.lhr.environment?.benchmarkIndex;
      out.push({ name: p.name, performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), metrics, ...(benchmarkIndex ? { benchmarkIndex: Math.round(benchmarkIndex) } : {}) });
      await page.close();
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  return out;
}
