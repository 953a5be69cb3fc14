/** A command line the operator's scripts cannot use: its message is printed with the script's usage (exit code 2). */
export class UsageError extends Error {}

/**
 * The value after the option at `args[index]`. Missing, or itself an option (by `isOption`: by default anything
 * starting with `--`; a command with short options such as `-c` says `-`), it is a usage error.
 */
export function optionValue(
  args: readonly string[],
  index: number,
  isOption: (value: string) => boolean = (value) => value.startsWith('--'),
): string {
  const flag = args[index]!;
  const value = args[index + 1];
  if (value === undefined || isOption(value)) throw new UsageError(`${flag} needs a value`);
  return value;
}

/** This process's command line read by `parse`; a usage error is printed with `usage` and ends the process (exit 2). */
export function parseCommandLine<T>(parse: (args: readonly string[]) => T, usage: string): T {
  try {
    return parse(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
}
