// Build step after `vite build`: renders the signed-out landing and login pages in both languages
// (src/prerender.tsx, built for Node) and writes them into dist/index.html as <template>s, with
// scripts/boot.js (content-hashed into dist/assets) choosing the one to show and then starting
// the bundle, and main.tsx hydrating it. The server sends index.html for every page, so the choice is
// made in the browser.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const out = path.join(web, 'node_modules', '.prerender');
const PAGES = ['/', '/login'];
const LANGUAGES = ['en', 'uk'];

await build({
  root: web,
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, sourcemap: false, copyPublicDir: false },
});
const { render } = await import(pathToFileURL(path.join(out, 'prerender.js')).href);

// The document title PageTitle would set: "<h1> · <app name>" (React has already escaped the h1).
const escapeAttr = (text) => text.replace(/"/g, '&quot;');

let templates = '';
for (const page of PAGES) {
  for (const lang of LANGUAGES) {
    // React hoists a preload for the logo <img> in front of the page; the page is hydrated in
    // place, so keep exactly the tree the app renders.
    const html = (await render(page, lang)).replace(/^(<link rel="preload"[^>]*>)+/, '');
    if (!html.includes('<main')) throw new Error(`prerender of ${page} (${lang}) has no <main>`);
    const appName = JSON.parse(readFileSync(path.join(web, 'src', 'locales', `${lang}.json`), 'utf8')).app.name;
    const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
    const title = h1 ? `${h1} · ${appName}` : appName;
    templates += `<template id="prerendered:${page}:${lang}" data-title="${escapeAttr(title)}">${html}</template>\n`;
  }
}

const boot = readFileSync(path.join(web, 'scripts', 'boot.js'), 'utf8');
const bootName = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
writeFileSync(path.join(dist, bootName), boot);

const indexFile = path.join(dist, 'index.html');
let index = readFileSync(indexFile, 'utf8');
if (index.includes('prerendered:')) throw new Error('index.html is already prerendered');
// The bundle's tags move to boot.js, which starts the bundle after the first paint. It also
// requests the chunks main.tsx imports one after another (so they evaluate in separate tasks)
// together with the entry, so that splitting the work costs no round trips.
const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(index);
if (!entry) throw new Error('no entry script in index.html');
for (const tag of [entry, ...index.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)]) index = index.replace(tag[0], '');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const startUp = new Set();
const collect = (key) => {
  const chunk = manifest[key];
  if (!chunk || startUp.has(chunk.file)) return;
  startUp.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep);
};
const main = manifest['index.html'];
for (const key of [...(main.imports ?? []), ...(main.dynamicImports ?? [])]) collect(key);
const preloads = [...startUp].map((file) => `/${file}`);
// The chunks (and CSS) of the pages people land on, requested with the bundle instead of after
// it has run: the router would only discover them then, one round trip later.
const ROUTE_MODULES = {
  '/': ['src/features/landing/components/LandingPage.tsx'],
  '/login': ['src/features/auth/components/LoginPage.tsx'],
  // The arena's tasks nearly always have text with formulas: the Markdown parser and KaTeX (and the
  // two fonts nearly every formula uses) are requested with the page's chunks, not after its route
  // loader has run.
  '/student': [
    'src/app/layout/PrimeArea.tsx',
    'src/app/routes/student-arena-route.tsx',
    'src/app/routes/student-arena-data.ts',
    'src/components/markdown.ts',
    'src/components/katex-render.ts',
  ],
};
const ROUTE_FONTS = { '/student': [/KaTeX_Main-Regular-[\w-]+\.woff2$/, /KaTeX_Math-Italic-[\w-]+\.woff2$/] };
const routeChunks = Object.entries(ROUTE_MODULES).map(([route, keys]) => {
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no chunk for ${key}`);
    if (files.has(chunk.file) || startUp.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const dep of chunk.imports ?? []) walk(dep);
  };
  keys.forEach(walk);
  for (const font of ROUTE_FONTS[route] ?? []) {
    const file = Object.values(manifest).flatMap((chunk) => chunk.assets ?? []).find((asset) => font.test(asset));
    if (!file) throw new Error(`no font ${font} for ${route}`);
    files.add(file);
  }
  return `${route}=${[...files].map((f) => `/${f}`).join(',')}`;
});
// The texts of the language boot.js detects are requested with the bundle too (lib/i18n.ts).
const locales = LANGUAGES.map((lang) => `${lang}:/${manifest[`src/locales/${lang}.json`].file}`);
const bootTag = `<script src="/${bootName}" data-entry="${entry[1]}" data-preload="${preloads.join(' ')}" data-locales="${locales.join(' ')}" data-routes="${routeChunks.join(' ')}"></script>`;
rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
index = index.replace('<div id="root"></div>', `<div id="root"></div>\n${templates}${bootTag}`);
writeFileSync(indexFile, index);
rmSync(out, { recursive: true, force: true });
console.log(`prerendered ${PAGES.length * LANGUAGES.length} pages into index.html (${Math.round(index.length / 1024)} KB)`);
