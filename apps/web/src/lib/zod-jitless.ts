// Every `import … from 'zod'` in the web build resolves here (vite.config.ts): zod 4 probes
// `new Function('')` when it builds an object schema, to decide whether to compile fast parsers.
// Under our CSP (no 'unsafe-eval') the probe is refused and Chrome reports a CSP issue for every
// page that loads a schema (Lighthouse best practices 96). jitless skips the probe; the web app's
// payloads are small enough that the interpreted parsers cost nothing noticeable.
import { config } from 'zod/v4';

config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
