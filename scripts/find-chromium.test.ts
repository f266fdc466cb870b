import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ChromiumNotFoundError, ensureChromium, findChromium, type ChromiumHost } from './find-chromium.js';

const DEBIAN = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const UBUNTU = 'NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n';
const FEDORA = 'NAME="Fedora Linux"\nID=fedora\n';
const CACHE = '/home/pat/.cache/ms-playwright';

interface FakeMachine {
  host: ChromiumHost;
  runs: string[];
  said: string[];
}

/** A machine made of a set of executables and a few text files; `onRun` may change it (an install). */
function machine(options: {
  executables?: string[];
  dirs?: Record<string, string[]>;
  osRelease?: string;
  uid?: number;
  platform?: NodeJS.Platform;
  env?: Record<string, string>;
  onRun?: (command: string, executables: Set<string>) => { status: number; output?: string };
}): FakeMachine {
  const executables = new Set(options.executables ?? []);
  const runs: string[] = [];
  const said: string[] = [];
  const host: ChromiumHost = {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...options.env },
    platform: options.platform ?? 'linux',
    arch: 'x64',
    uid: options.uid ?? 1000,
    homedir: '/home/pat',
    playwrightCoreDir: '/repo/node_modules/playwright-core',
    isExecutable: (file) => executables.has(file),
    readText: (file) => (file === '/etc/os-release' ? options.osRelease : undefined),
    listDir: (dir) => options.dirs?.[dir] ?? [],
    run: (command, args) => {
      const line = [command, ...args].join(' ');
      runs.push(line);
      const result = options.onRun?.(line, executables) ?? { status: 0 };
      return { status: result.status, output: result.output ?? '' };
    },
    say: (line) => said.push(line),
  };
  return { host, runs, said };
}

/** What apt-get does on Debian: puts the browser at /usr/bin/chromium. */
function aptInstallsChromium(command: string, executables: Set<string>) {
  if (command.startsWith('apt-get install')) executables.add('/usr/bin/chromium');
  return { status: 0 };
}

function refusal(m: FakeMachine): string {
  try {
    ensureChromium(m.host);
  } catch (error) {
    expect(error).toBeInstanceOf(ChromiumNotFoundError);
    return (error as Error).message;
  }
  throw new Error('expected ensureChromium to refuse');
}

describe('findChromium: found by variable', () => {
  it('takes CHROMIUM_PATH before anything else', () => {
    const m = machine({ executables: ['/opt/chromium/chrome', '/usr/bin/chromium'], env: { CHROMIUM_PATH: '/opt/chromium/chrome', CHROME_PATH: '/usr/bin/chromium' } });
    expect(findChromium(m.host)).toEqual({ path: '/opt/chromium/chrome', via: 'CHROMIUM_PATH' });
  });

  it("takes Lighthouse's CHROME_PATH when CHROMIUM_PATH is unset", () => {
    const m = machine({ executables: ['/opt/google/chrome/chrome', '/usr/bin/chromium'], env: { CHROME_PATH: '/opt/google/chrome/chrome' } });
    expect(findChromium(m.host)).toEqual({ path: '/opt/google/chrome/chrome', via: 'CHROME_PATH' });
  });

  it('refuses a variable that names no executable instead of quietly using another browser', () => {
    const m = machine({ executables: ['/usr/bin/chromium'], env: { CHROMIUM_PATH: '/opt/missing/chrome' } });
    expect(() => findChromium(m.host)).toThrow('CHROMIUM_PATH=/opt/missing/chrome is not an executable file: point it at a Chromium or Chrome binary, or unset it.');
  });
});

describe("findChromium: found in Playwright's cache", () => {
  it('takes the newest chromium-<revision> under ~/.cache/ms-playwright before the system browser', () => {
    const m = machine({
      executables: [`${CACHE}/chromium-1200/chrome-linux64/chrome`, `${CACHE}/chromium-1255/chrome-linux64/chrome`, '/usr/bin/chromium'],
      dirs: { [CACHE]: ['chromium-1200', 'chromium_headless_shell-1255', 'chromium-1255', 'ffmpeg-1011'] },
    });
    expect(findChromium(m.host)).toEqual({ path: `${CACHE}/chromium-1255/chrome-linux64/chrome`, via: "Playwright's browser cache" });
  });

  it('finds the older chrome-linux layout too', () => {
    const m = machine({ executables: [`${CACHE}/chromium-1097/chrome-linux/chrome`], dirs: { [CACHE]: ['chromium-1097'] } });
    expect(findChromium(m.host)?.path).toBe(`${CACHE}/chromium-1097/chrome-linux/chrome`);
  });

  it('looks in PLAYWRIGHT_BROWSERS_PATH when it is set, and in playwright-core when it is 0', () => {
    const shared = machine({
      executables: ['/srv/browsers/chromium-1255/chrome-linux64/chrome', `${CACHE}/chromium-1300/chrome-linux64/chrome`],
      dirs: { '/srv/browsers': ['chromium-1255'], [CACHE]: ['chromium-1300'] },
      env: { PLAYWRIGHT_BROWSERS_PATH: '/srv/browsers' },
    });
    expect(findChromium(shared.host)?.path).toBe('/srv/browsers/chromium-1255/chrome-linux64/chrome');

    const local = '/repo/node_modules/playwright-core/.local-browsers';
    const inPackage = machine({ executables: [`${local}/chromium-1255/chrome-linux64/chrome`], dirs: { [local]: ['chromium-1255'] }, env: { PLAYWRIGHT_BROWSERS_PATH: '0' } });
    expect(findChromium(inPackage.host)?.path).toBe(`${local}/chromium-1255/chrome-linux64/chrome`);
  });

  it('skips a revision folder whose browser is missing (an interrupted download)', () => {
    const m = machine({ executables: ['/usr/bin/chromium'], dirs: { [CACHE]: ['chromium-1255'] } });
    expect(findChromium(m.host)).toEqual({ path: '/usr/bin/chromium', via: 'the system' });
  });
});

describe('findChromium: found by path', () => {
  it('takes /usr/bin/chromium', () => {
    const m = machine({ executables: ['/usr/bin/chromium', '/usr/bin/google-chrome'] });
    expect(findChromium(m.host)).toEqual({ path: '/usr/bin/chromium', via: 'the system' });
  });

  it('takes /usr/bin/google-chrome when there is no chromium', () => {
    const m = machine({ executables: ['/usr/bin/google-chrome'] });
    expect(findChromium(m.host)).toEqual({ path: '/usr/bin/google-chrome', via: 'the system' });
  });

  it('finds nothing on a machine without a browser', () => {
    expect(findChromium(machine({ executables: ['/usr/bin/apt-get'] }).host)).toBeUndefined();
  });
});

describe('ensureChromium: installed', () => {
  it("as root on Debian installs Debian's chromium with apt-get, saying so in exactly one line", () => {
    const m = machine({ uid: 0, osRelease: DEBIAN, executables: ['/usr/bin/apt-get'], onRun: aptInstallsChromium });
    expect(ensureChromium(m.host)).toEqual({ path: '/usr/bin/chromium', via: 'the system, just installed' });
    expect(m.runs).toEqual(['apt-get install -y -qq -o DPkg::Lock::Timeout=600 chromium fonts-dejavu-core']);
    expect(m.said).toEqual(["No Chromium found: installing Debian's chromium and fonts-dejavu-core with apt-get (running as root)."]);
  });

  it('runs apt-get update and tries once more when the package lists are missing or stale', () => {
    let updated = false;
    const m = machine({
      uid: 0,
      osRelease: DEBIAN,
      executables: ['/usr/bin/apt-get'],
      onRun: (command, executables) => {
        if (command.startsWith('apt-get update')) updated = true;
        if (command.startsWith('apt-get install') && !updated) return { status: 100, output: 'E: Unable to locate package chromium' };
        return aptInstallsChromium(command, executables);
      },
    });
    expect(ensureChromium(m.host).path).toBe('/usr/bin/chromium');
    expect(m.runs.map((r) => r.split(' ').slice(0, 2).join(' '))).toEqual(['apt-get install', 'apt-get update', 'apt-get install']);
    expect(m.said).toHaveLength(1);
  });

  it("stops with apt-get's own words when the install fails", () => {
    const m = machine({ uid: 0, osRelease: DEBIAN, executables: ['/usr/bin/apt-get'], onRun: () => ({ status: 100, output: 'E: Failed to fetch http://deb.debian.org/…  Temporary failure resolving' }) });
    expect(refusal(m)).toMatch(/^Installing Chromium failed \(apt-get install .*chromium fonts-dejavu-core\):\nE: Failed to fetch .*Temporary failure resolving/);
  });

  it("as root on Ubuntu uses Playwright's installer (Ubuntu's chromium package is a snap wrapper)", () => {
    const browser = `/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome`;
    const m = machine({
      uid: 0,
      osRelease: UBUNTU,
      executables: ['/usr/bin/apt-get'],
      dirs: { '/root/.cache/ms-playwright': ['chromium-1255'] },
      env: { XDG_CACHE_HOME: '/root/.cache' },
      onRun: (_command, executables) => (executables.add(browser), { status: 0 }),
    });
    expect(ensureChromium(m.host).path).toBe(browser);
    expect(m.runs).toEqual(['npx --no-install playwright install --with-deps chromium']);
    expect(m.said).toHaveLength(1);
  });
});

describe('ensureChromium: refused with the command to run', () => {
  it('on Debian without root names the apt-get command and runs nothing', () => {
    const m = machine({ uid: 1000, osRelease: DEBIAN, executables: ['/usr/bin/apt-get'] });
    expect(refusal(m)).toBe('No Chromium for the end-to-end tests: run `sudo apt-get install -y chromium fonts-dejavu-core`, or set CHROMIUM_PATH to a Chromium or Chrome binary.');
    expect(m.runs).toEqual([]);
    expect(m.said).toEqual([]);
  });

  it('as root on a Debian without apt-get on PATH, it does not guess', () => {
    const m = machine({ uid: 0, osRelease: DEBIAN, executables: ['/sbin/apt-get'] });
    expect(refusal(m)).toContain('`sudo apt-get install -y chromium fonts-dejavu-core`');
    expect(m.runs).toEqual([]);
  });

  it("as root elsewhere (Fedora) names Playwright's installer", () => {
    const m = machine({ uid: 0, osRelease: FEDORA, executables: ['/usr/bin/dnf'] });
    expect(refusal(m)).toBe('No Chromium for the end-to-end tests: run `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium or Chrome binary.');
    expect(m.runs).toEqual([]);
  });

  it('on macOS looks only in the variable and the cache, then names the installer', () => {
    const m = machine({ platform: 'darwin', uid: 501, executables: ['/usr/bin/chromium'] });
    expect(refusal(m)).toContain('`npx playwright install chromium`');
  });

  it('without Ubuntu root names the command with its libraries', () => {
    expect(refusal(machine({ uid: 1000, osRelease: UBUNTU, executables: ['/usr/bin/apt-get'] }))).toContain('`npx playwright install --with-deps chromium`');
  });
});

describe('scripts/ensure-chromium.ts, the first step of npm run test:e2e', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const ensure = (env: Record<string, string>) =>
    spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/ensure-chromium.ts'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });

  it('says which browser it found and succeeds', () => {
    const run = ensure({ CHROMIUM_PATH: process.execPath });
    expect(run.stdout).toBe(`End-to-end browser: ${process.execPath} (found via CHROMIUM_PATH).\n`);
    expect(run.status).toBe(0);
  });

  it('fails with exactly one line when it cannot go on', () => {
    const run = ensure({ CHROMIUM_PATH: '/nonexistent/chrome' });
    expect(run.stderr).toBe('CHROMIUM_PATH=/nonexistent/chrome is not an executable file: point it at a Chromium or Chrome binary, or unset it.\n');
    expect(run.status).toBe(1);
  });
});
