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
    },
    options.destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
