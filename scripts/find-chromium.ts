/**
 * Which Chromium the end-to-end tests and the bench drive, and getting one on a fresh machine.
 *
 * Looked for in this order: CHROMIUM_PATH, CHROME_PATH (the variable Lighthouse's launcher reads),
 * Playwright's own browser cache (PLAYWRIGHT_BROWSERS_PATH or ~/.cache/ms-playwright), then
 * /usr/bin/chromium and /usr/bin/google-chrome. When there is none, `ensureChromium` installs one
 * only where that is safe to do unasked: as root on Debian (Debian's `chromium` with apt-get) or
 * Ubuntu (whose `chromium` is a snap wrapper that does not run in containers, so Playwright's own
 * installer). Anywhere else it stops with one line naming the command to run.
 *
 * Everything the machine is asked goes through a `ChromiumHost`, so each branch is testable.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

export interface ChromiumHost {
  env: Record<string, string | undefined>;
  platform: NodeJS.Platform;
  arch: string;
  /** undefined where processes have no uid (Windows). */
  uid: number | undefined;
  homedir: string;
  /** Where `PLAYWRIGHT_BROWSERS_PATH=0` keeps browsers: inside the playwright-core package. */
  playwrightCoreDir: string | undefined;
  /** A regular file this user may execute. */
  isExecutable(file: string): boolean;
  readText(file: string): string | undefined;
  listDir(dir: string): string[];
  run(command: string, args: string[], env: Record<string, string | undefined>): { status: number | null; output: string };
  say(line: string): void;
}

export interface FoundChromium {
  path: string;
  /** How it was found, for the one line that says which browser runs. */
  via: string;
}

/** No usable browser and none installed: `message` is the one line to show. */
export class ChromiumNotFoundError extends Error {
  override name = 'ChromiumNotFoundError';
}

export const SYSTEM_CHROMIUM_PATHS = ['/usr/bin/chromium', '/usr/bin/google-chrome'];
const EXPLICIT_VARIABLES = ['CHROMIUM_PATH', 'CHROME_PATH'] as const;
/** Debian's package and the fonts its pages and screenshots are drawn with. */
const DEBIAN_PACKAGES = ['chromium', 'fonts-dejavu-core'];

/** The first Chromium in the documented order, or undefined. A variable naming no executable is an error, not skipped. */
export function findChromium(host: ChromiumHost): FoundChromium | undefined {
  for (const name of EXPLICIT_VARIABLES) {
    const value = host.env[name];
    if (!value) continue;
    if (host.isExecutable(value)) return { path: value, via: name };
    throw new ChromiumNotFoundError(`${name}=${value} is not an executable file: point it at a Chromium or Chrome binary, or unset it.`);
  }
  const cached = findInPlaywrightCache(host);
  if (cached) return { path: cached, via: "Playwright's browser cache" };
  if (host.platform === 'linux') {
    for (const file of SYSTEM_CHROMIUM_PATHS) if (host.isExecutable(file)) return { path: file, via: 'the system' };
  }
  return undefined;
}

/** Playwright's cache folder, resolved the way Playwright resolves it. */
export function playwrightCacheDir(host: ChromiumHost): string | undefined {
  const configured = host.env.PLAYWRIGHT_BROWSERS_PATH;
  if (configured === '0') return host.playwrightCoreDir && path.join(host.playwrightCoreDir, '.local-browsers');
  if (configured) return configured;
  if (host.platform === 'linux') return path.join(host.env.XDG_CACHE_HOME || path.join(host.homedir, '.cache'), 'ms-playwright');
  if (host.platform === 'darwin') return path.join(host.homedir, 'Library', 'Caches', 'ms-playwright');
  return undefined;
}

/** Where the browser sits inside a `chromium-<revision>` folder: today's layouts and the older `chrome-linux`. */
function executablesInRevision(host: ChromiumHost): string[] {
  if (host.platform === 'linux') return host.arch === 'arm64' ? ['chrome-linux-arm64/chrome', 'chrome-linux/chrome'] : ['chrome-linux64/chrome', 'chrome-linux/chrome'];
  if (host.platform === 'darwin') {
    const folder = host.arch === 'arm64' ? 'chrome-mac-arm64' : 'chrome-mac-x64';
    return [`${folder}/Google Chrome for Testing.app/Contents/MacOS/Google Chrome for Testing`];
  }
  return [];
}

/** The newest full Chromium in Playwright's cache (not the headless shell: Lighthouse needs the real browser). */
function findInPlaywrightCache(host: ChromiumHost): string | undefined {
  const dir = playwrightCacheDir(host);
  if (!dir) return undefined;
  const revisions = host
    .listDir(dir)
    .map((name) => /^chromium-(\d+)$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .sort((a, b) => Number(b[1]) - Number(a[1]));
  for (const [folder] of revisions) {
    for (const relative of executablesInRevision(host)) {
      const file = path.join(dir, folder, relative);
      if (host.isExecutable(file)) return file;
    }
  }
  return undefined;
}

type Distribution = 'debian' | 'ubuntu' | 'other';

/** From /etc/os-release: Ubuntu and its derivatives first, since they also say ID_LIKE=debian. */
export function linuxDistribution(host: ChromiumHost): Distribution {
  if (host.platform !== 'linux') return 'other';
  const text = host.readText('/etc/os-release') ?? '';
  const field = (key: string) => (new RegExp(`^${key}=["']?([^"'\\n]*)`, 'm').exec(text)?.[1] ?? '').toLowerCase().split(/\s+/);
  const ids = [...field('ID'), ...field('ID_LIKE')];
  if (ids.includes('ubuntu')) return 'ubuntu';
  if (ids.includes('debian')) return 'debian';
  return 'other';
}

function onPath(host: ChromiumHost, command: string): boolean {
  return (host.env.PATH ?? '').split(path.delimiter).some((dir) => dir !== '' && host.isExecutable(path.join(dir, command)));
}

/** The one line shown when nothing is found and nothing may be installed. */
export function missingChromiumMessage(host: ChromiumHost): string {
  const distribution = linuxDistribution(host);
  const command =
    distribution === 'debian'
      ? `sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}`
      : distribution === 'ubuntu'
        ? 'npx playwright install --with-deps chromium'
        : 'npx playwright install chromium';
  return `No Chromium for the end-to-end tests: run \`${command}\`, or set CHROMIUM_PATH to a Chromium or Chrome binary.`;
}

interface InstallPlan {
  line: string;
  steps: { command: string; args: string[] }[];
}

/** How this machine gets a Chromium without asking anyone, or undefined when it must not. */
export function installPlan(host: ChromiumHost): InstallPlan | undefined {
  if (host.uid !== 0 || !onPath(host, 'apt-get')) return undefined;
  const distribution = linuxDistribution(host);
  if (distribution === 'debian') {
    return {
      line: `No Chromium found: installing Debian's ${DEBIAN_PACKAGES.join(' and ')} with apt-get (running as root).`,
      // Waits for another apt-get rather than failing on its lock (several test runs may start at once).
      steps: [{ command: 'apt-get', args: ['install', '-y', '-qq', '-o', 'DPkg::Lock::Timeout=600', ...DEBIAN_PACKAGES] }],
    };
  }
  if (distribution === 'ubuntu') {
    return {
      line: "No Chromium found: installing Playwright's Chromium and its libraries with `npx playwright install --with-deps chromium` (running as root).",
      steps: [{ command: 'npx', args: ['--no-install', 'playwright', 'install', '--with-deps', 'chromium'] }],
    };
  }
  return undefined;
}

/**
 * A Chromium to run, installing one when `installPlan` allows. Debian's install is tried on the
 * package lists already there and, if that fails (none yet, or stale), once more after `apt-get update`.
 */
export function ensureChromium(host: ChromiumHost): FoundChromium {
  const found = findChromium(host);
  if (found) return found;
  const plan = installPlan(host);
  if (!plan) throw new ChromiumNotFoundError(missingChromiumMessage(host));
  host.say(plan.line);
  const env = { ...host.env, DEBIAN_FRONTEND: 'noninteractive' };
  let output = '';
  for (const step of plan.steps) {
    let result = host.run(step.command, step.args, env);
    if (result.status !== 0 && step.command === 'apt-get') {
      const update = host.run('apt-get', ['update', '-qq', '-o', 'DPkg::Lock::Timeout=600'], env);
      result = update.status === 0 ? host.run(step.command, step.args, env) : update;
    }
    output += result.output;
    if (result.status !== 0) {
      throw new ChromiumNotFoundError(`Installing Chromium failed (${step.command} ${step.args.join(' ')}):\n${output.trim().split('\n').slice(-15).join('\n')}`);
    }
  }
  const installed = findChromium(host);
  if (!installed) throw new ChromiumNotFoundError(`The install finished but no Chromium appeared: ${missingChromiumMessage(host)}`);
  return { path: installed.path, via: `${installed.via}, just installed` };
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

function playwrightCoreDir(): string | undefined {
  try {
    return path.dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  } catch {
    return undefined;
  }
}

/** This machine. */
export function systemHost(): ChromiumHost {
  return {
    env: process.env,
    platform: process.platform,
    arch: process.arch,
    uid: process.getuid?.(),
    homedir: os.homedir(),
    playwrightCoreDir: playwrightCoreDir(),
    isExecutable: isExecutableFile,
    readText: (file) => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
    },
    listDir: (dir) => {
      try {
        return readdirSync(dir);
      } catch {
        return [];
      }
    },
    run: (command, args, env) => {
      const result = spawnSync(command, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
      return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
    },
    say: (line) => console.log(line),
  };
}
