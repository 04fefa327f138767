import { DIALECTS, type Dialect, startSandbox } from "./index.ts";

/**
 * `npm run sandbox`: the embedded exchange on its own, for trying the API with curl.
 * SANDBOX_PORT (default 0: a free port), SANDBOX_HOST, SANDBOX_API_KEY, SANDBOX_LOG=1 (one line
 * per request on stderr), EXCHANGE_DIALECT (spec, the default, exolix, changenow: its URL then
 * ends in /v2, or letsexchange: in /api), as for the bot.
 */
const rawDialect = process.env.EXCHANGE_DIALECT?.trim() || "spec";
if (!DIALECTS.includes(rawDialect as Dialect)) {
  process.stderr.write(
    `EXCHANGE_DIALECT must be one of ${DIALECTS.join(", ")}, got "${rawDialect}"\n`,
  );
  process.exit(2);
}
const dialect = rawDialect as Dialect;
const rawPort = process.env.SANDBOX_PORT ?? "0";
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`SANDBOX_PORT must be a port number (0-65535), got "${rawPort}"\n`);
  process.exit(2);
}

const sandbox = await startSandbox({
  port,
  dialect,
  ...(process.env.SANDBOX_HOST ? { host: process.env.SANDBOX_HOST } : {}),
  ...(process.env.SANDBOX_API_KEY ? { apiKey: process.env.SANDBOX_API_KEY } : {}),
  ...(process.env.SANDBOX_LOG === "1"
    ? { logger: (line: string) => process.stderr.write(`${line}\n`) }
    : {}),
});
process.stdout.write(
  `sandbox exchange listening: url=${sandbox.url} apiKey=${sandbox.apiKey} dialect=${dialect}\n`,
);

const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
