import { type App, startApp } from "./app/app.ts";
import { StartupError } from "./app/lifecycle.ts";
import { ConfigError, loadConfig, readEnv, secretsOf } from "./config.ts";
import { createLogger } from "./lib/logger.ts";
import { createRedactor } from "./lib/secrets.ts";

/** Entry point of `npm start`: configuration, then the app, then wait for a stop signal. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(readEnv());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${error.message.replaceAll("\n", "; ")}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger({
    level: config.logLevel,
    secrets: secretsOf(config),
  });
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled rejection");
  });

  // Signals are handled from the start: a stop while still starting (Telegram unreachable, say)
  // is graceful too.
  const starting = new AbortController();
  let shuttingDown = false;
  // Exit code 0 only for a stop we were asked for: a supervisor restarts anything else.
  const shutdown = async (reason: string, code: 0 | 1) => {
    if (shuttingDown) return;
    shuttingDown = true;
    if (code === 0) logger.info({ reason }, "stopping");
    else logger.fatal({ reason }, `stopping with exit code ${code}: ${reason}`);
    starting.abort();
    clearInterval(keepAlive);
    // The contract gives us 10 s; if something hangs, leave rather than be killed mid-write.
    const force = setTimeout(() => {
      logger.error("graceful stop took too long; exiting");
      logger.flush();
      process.exit(1);
    }, 9_000);
    force.unref();
    await (await app)?.stop();
    logger.flush();
    process.exit(code);
  };
  // The bot runs until it is told to stop. Its loops' timers do not hold the process (they must not
  // keep a stopping one alive), so while every connection is down (the database restarting, say)
  // nothing else might: this one handle keeps it running, and a loop that emptied anyway is a bug
  // that ends the process non-zero with a line saying so, never silently with 0.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  process.on("beforeExit", () => {
    if (shuttingDown) return;
    void shutdown("nothing was left running (a bug): the process would have exited 0", 1);
  });
  // The first SIGTERM or SIGINT stops the bot. Ctrl-C under `npm start` delivers two (the
  // terminal signals the whole group, and npm passes its own on), so the next one while stopping is
  // ignored, saying so; only a third ends the process at once, non-zero.
  let unheeded = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (!shuttingDown) return void shutdown(signal, 0);
    if (++unheeded === 1) {
      logger.warn(
        { signal },
        `${signal} while stopping: ignored, the stop goes on (send it once more to exit at once)`,
      );
      return;
    }
    logger.fatal({ signal }, `${signal} again while stopping: exiting at once, exit code 1`);
    logger.flush();
    process.exit(1);
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  // A failed start stops what had started, then exits non-zero with one line naming the part, so
  // a supervisor restarts the bot and the operator sees why.
  const app: Promise<App | undefined> = startApp(config, logger, {
    signal: starting.signal,
    // Telegram refused polling for good, or the leader lock turned out to lock nothing.
    onFatal: (error) => void shutdown(error instanceof Error ? error.message : "a fatal error", 1),
  }).catch((error: unknown) => {
    const reason = error instanceof StartupError ? error.message : String(error);
    logger.fatal({ err: error }, `start-up failed: ${reason}`);
    logger.flush();
    process.stderr.write(`Start-up failed: ${createRedactor(secretsOf(config))(reason)}
`);
    process.exit(1);
  });
  await app;
}

void main();
