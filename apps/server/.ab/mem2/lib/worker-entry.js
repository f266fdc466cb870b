import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
/**
 * Where a worker thread's module is and how to start it, given the file's name without its
 * extension relative to `from` (the caller's `import.meta.url`). Under Vitest or tsx the caller is
 * TypeScript, so the worker is too and needs tsx's loader; in the build it is plain JavaScript.
 */
export function workerEntry(from, baseName) {
    const fromSource = from.endsWith('.ts');
    const filename = new URL(`${baseName}${fromSource ? '.ts' : '.js'}`, from).href;
    if (!fromSource)
        return { filename, execArgv: [] };
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    return { filename, execArgv: ['--import', tsx, '--conditions=source'] };
}
/**
 * Source code for `new Worker(code, { eval: true })` that starts the module `baseName` next to
 * `from`. A plain Worker (not piscina's) does not pass its entry through a loader given with
 * `--import`, so from TypeScript the code registers tsx in the thread first, then imports it.
 */
export function workerBootstrap(from, baseName) {
    const { filename } = workerEntry(from, baseName);
    const load = `import(${JSON.stringify(filename)})`;
    if (!filename.endsWith('.ts'))
        return `${load};`;
    // The ES module build of tsx's API (require.resolve would name its CommonJS one).
    const tsx = import.meta.resolve('tsx/esm/api');
    return `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return ${load}; });`;
}
//# sourceMappingURL=worker-entry.js.map