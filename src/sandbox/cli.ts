import { createInterface } from "node:readline";
import { COMMANDS_HELP, envLinesOf, runCommand } from "./commands.ts";
import {
  DIALECTS,
  type Dialect,
  type NamedSandbox,
  SANDBOX_EXCHANGE_NAMES,
  type SandboxOptions,
  startSandbox,
  startSandboxSet,
} from "./index.ts";

/**
 * `npm run sandbox`: the embedded exchange on its own, for trying the API with curl or pointing a
 * bot at it. SANDBOX_PORT (default 0: a free port; with --all the first of four), SANDBOX_HOST,
 * SANDBOX_API_KEY, SANDBOX_LOG=1 (one line per request on stderr), EXCHANGE_DIALECT (spec, the
 * default, exolix, changenow: its URL then ends in /v2, or letsexchange: in /api), as for the bot.
 * `npm run sandbox -- --all` starts one sandbox per dialect, at different prices and limits, and
 * prints the EXCHANGES settings that point a bot at them. Either way, lines typed on stdin make one
 * misbehave (src/sandbox/commands.ts: `down exolix`, `up exolix`, `refuse changenow`, `hold last`).
 */
const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== "--all");
if (unknown.length > 0) {
  process.stderr.write(`unknown argument "${unknown[0]}": the only flag is --all\n`);
  process.exit(2);
}
const all = args.includes("--all");

const rawDialect = process.env.EXCHANGE_DIALECT?.trim() || "spec";
if (!all && !DIALECTS.includes(rawDialect as Dialect)) {
  process.stderr.write(
    `EXCHANGE_DIALECT must be one of ${DIALECTS.join(", ")}, got "${rawDialect}"\n`,
  );
  process.exit(2);
}
const dialect = rawDialect as Dialect;
const rawPort = process.env.SANDBOX_PORT ?? "0";
const port = Number(rawPort);
const lastPort = all && port > 0 ? port + DIALECTS.length - 1 : port;
if (!Number.isInteger(port) || port < 0 || lastPort > 65_535) {
  process.stderr.write(
    `SANDBOX_PORT must be a port number (0-65535${all ? ", the first of four" : ""}), got "${rawPort}"\n`,
  );
  process.exit(2);
}

const options: Omit<SandboxOptions, "dialect"> = {
  port,
  ...(process.env.SANDBOX_HOST ? { host: process.env.SANDBOX_HOST } : {}),
  ...(process.env.SANDBOX_API_KEY ? { apiKey: process.env.SANDBOX_API_KEY } : {}),
  ...(process.env.SANDBOX_LOG === "1"
    ? { logger: (line: string) => process.stderr.write(`${line}\n`) }
    : {}),
};

const set: NamedSandbox[] = all
  ? await startSandboxSet(options)
  : [
      {
        name: SANDBOX_EXCHANGE_NAMES[dialect],
        sandbox: await startSandbox({ ...options, dialect }),
      },
    ];
const out = (line: string) => process.stdout.write(`${line}\n`);
for (const { name, sandbox } of set) {
  out(
    `sandbox exchange listening: url=${sandbox.url} apiKey=${sandbox.apiKey} dialect=${sandbox.dialect} name=${name}`,
  );
}
out("");
if (all) {
  out("# the bot's settings for these exchanges (paste into .env):");
  for (const line of envLinesOf(set)) out(line);
} else {
  const { sandbox } = set[0]!;
  out("# the bot's settings for this exchange (paste into .env):");
  out(`EXCHANGE_API_URL=${sandbox.url}`);
  out(`EXCHANGE_API_KEY=${sandbox.apiKey}`);
  out(`EXCHANGE_DIALECT=${sandbox.dialect}`);
}
out(`# ${COMMANDS_HELP}`);

// A command that goes wrong is answered with its message; the sandboxes keep serving.
createInterface({ input: process.stdin }).on("line", (line) => {
  try {
    const answer = runCommand(line, set);
    if (answer) out(answer);
  } catch (error) {
    out(error instanceof Error ? error.message : String(error));
  }
});

const stop = () => {
  void Promise.all(set.map((s) => s.sandbox.close())).then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
