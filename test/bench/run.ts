import { readdirSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildBot } from "../support/build.ts";

/**
 * `npm run bench [name...]`: runs every test/bench/*.bench.ts (or those whose file name contains
 * one of the given words), one after another so they do not disturb each other's timings.
 */
const dir = fileURLToPath(new URL(".", import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();

// Benches that start the bot as a process run the compiled one, as `npm start` does.
await buildBot();
for (const file of files) {
  const mod = (await import(pathToFileURL(`${dir}/${file}`).href)) as { run?: () => Promise<void> };
  if (typeof mod.run !== "function") continue;
  console.log(`\n=== ${file.replace(/\.bench\.ts$/, "")} ===`);
  await mod.run();
}
process.exit(0);
