import { DrizzleQueryError } from "drizzle-orm";
import pino, { type Logger } from "pino";
import { createRedactor } from "./secrets.ts";

export type { Logger };

/**
 * JSON lines on stdout. Secrets are scrubbed from the serialized line itself, not by field paths,
 * because they hide in URLs and error messages produced by libraries.
 */
export function createLogger(options: {
  level: string;
  secrets: readonly (string | undefined)[];
  destination?: pino.DestinationStream;
}): Logger {
  const redact = createRedactor(options.secrets);
  return pino(
    {
      level: options.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      hooks: { streamWrite: redact },
      serializers: { err: serializeError },
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

/**
 * pino's error serializer, minus the values a failed database query carried: drizzle puts every
 * parameter in the message (users' addresses, the messages they sent); the query says where it
 * failed, and the driver's error (the cause) why.
 */
export function serializeError(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  if (!(error instanceof DrizzleQueryError)) return pino.stdSerializers.err(error);
  const message = `Failed query: ${error.query}`;
  const frames = (error.stack ?? "").split("\n").filter((line) => line.startsWith("    at "));
  const bare = new Error(message, { cause: error.cause });
  bare.stack = [`${DrizzleQueryError.name}: ${message}`, ...frames].join("\n");
  return { ...pino.stdSerializers.err(bare), type: DrizzleQueryError.name };
}
