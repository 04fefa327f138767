import { DrizzleQueryError } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { createRedactor } from "./secrets.ts";

export type { Logger };

/**
 * JSON lines on stdout. Secrets are scrubbed from the serialized line itself, not by field paths,
 * because they hide in URLs and error messages produced by libraries. An error's stack (grammY's
 * alone is some 1.5 KB) is logged only at `debug` and `trace`: at `info` a failure is one line.
 */
export function createLogger(options: {
  level: string;
  secrets: readonly (string | undefined)[];
  destination?: pino.DestinationStream;
}): Logger {
  const redact = createRedactor(options.secrets);
  const stacks = options.level === "debug" || options.level === "trace";
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redact },
      serializers: { err: (error: Error) => serializeError(error, { stacks }) },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * pino's error serializer, minus the values a failed database query carried: drizzle puts every
 * parameter in the message (users' addresses, the messages they sent); the query says where it
 * failed, and the driver's error (the cause) why.
 */
function serializeError(
  error: Error,
  options: { stacks: boolean } = { stacks: true },
): ReturnType<typeof pino.stdSerializers.err> {
  const serialized = serializeWhole(error);
  if (!options.stacks) dropStacks(serialized, 0);
  return serialized;
}

function serializeWhole(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  if (!(error instanceof DrizzleQueryError)) return pino.stdSerializers.err(error);
  const message = `Failed query: ${error.query}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const bare = new Error(message, { cause: error.cause });
  bare.stack = [`${DrizzleQueryError.name}: ${message}`, ...frames].join("\n");
  return { ...pino.stdSerializers.err(bare), type: DrizzleQueryError.name };
}

/**
 * Removes `stack` from a serialized error and the errors serialized inside it (grammY's `error`,
 * an AggregateError's list); the logged objects themselves are never touched.
 */
function dropStacks(serialized: object, depth: number): void {
  Object.assign(serialized, { stack: undefined });
  if (depth >= 5) return;
  for (const value of Object.values(serialized)) {
    for (const inner of Array.isArray(value) ? value : [value]) {
      if (isSerializedError(inner)) dropStacks(inner, depth + 1);
    }
  }
}

/** pino's serialized errors keep the original, not enumerable, as `raw`. */
function isSerializedError(value: unknown): value is object {
  return typeof value === "object" && value !== null && "raw" in value && "stack" in value;
}
