/** `--name value` from the command line, or `fallback`: the flags every bench script takes. */
export function cliArg(name: string, fallback: string): string {
  const args = process.argv.slice(2);
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** True when `--name` is on the command line. */
export const cliFlag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);
