import { startSandbox } from "./index.ts";

/** `npm run sandbox`: the embedded exchange alone, for trying the API with curl. */
const port = Number(process.env.SANDBOX_PORT ?? 0);
const sandbox = await startSandbox({ port: Number.isInteger(port) ? port : 0 });
process.stdout.write(
  `${JSON.stringify({ msg: "sandbox exchange listening", url: sandbox.url, apiKey: sandbox.apiKey })}\n`,
);
const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
