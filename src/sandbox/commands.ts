import type { NamedSandbox } from "./index.ts";

/**
 * What `npm run sandbox` prints and takes besides its banner: the settings an operator pastes to
 * point the bot at the sandboxes, and the line commands typed at it (one a line on stdin) that make
 * one of them misbehave, so a newcomer can watch the bot fail over or follow a held swap.
 */

/** The one-line help, also the answer to a line that is no command. */
export const COMMANDS_HELP =
  "commands: down NAME [hang|503] · up NAME · refuse NAME · accept NAME · hold ID|last [what it asks] · release ID|last [status] · list · help";

/** `EXCHANGES=…` and each exchange's `EXCHANGE_<NAME>_API_URL/_API_KEY/_DIALECT`, for a .env. */
export function envLinesOf(set: readonly NamedSandbox[]): string[] {
  const lines = [`EXCHANGES=${set.map((s) => s.name).join(",")}`];
  for (const { name, sandbox } of set) {
    const prefix = `EXCHANGE_${name.toUpperCase()}`;
    lines.push(
      `${prefix}_API_URL=${sandbox.url}`,
      `${prefix}_API_KEY=${sandbox.apiKey}`,
      `${prefix}_DIALECT=${sandbox.dialect}`,
    );
  }
  return lines;
}

/** One line per sandbox: its name, dialect, URL and whether it is down or refusing creates. */
function listOf(set: readonly NamedSandbox[]): string {
  return set
    .map(({ name, sandbox }) => {
      const down = sandbox.control.downMode();
      const state = down ? `down (${down === "hang" ? "hang" : "503"})` : "up";
      const refusing = sandbox.control.refusingCreates() ? ", refusing creates" : "";
      return `${name} (${sandbox.dialect}) ${sandbox.url}: ${state}${refusing}`;
    })
    .join("\n");
}

function named(set: readonly NamedSandbox[], name: string | undefined): NamedSandbox | string {
  const names = set.map((s) => s.name).join(", ");
  if (!name) return `name one of: ${names}`;
  const found = set.find((s) => s.name === name.toLowerCase());
  return found ?? `no sandbox named "${name}": name one of ${names}`;
}

/** The sandbox that issued transaction `id` (`last`: the newest of them all), with the id. */
function holderOf(
  set: readonly NamedSandbox[],
  id: string | undefined,
): { holder: NamedSandbox; id: string } | string {
  if (!id) return "name a transaction id, or last";
  if (id === "last") {
    const newest = set
      .flatMap((holder) => holder.sandbox.control.transactions().map((tx) => ({ holder, tx })))
      .sort((a, b) => b.tx.createdMs - a.tx.createdMs)[0];
    return newest ? { holder: newest.holder, id: newest.tx.id } : "no transaction yet";
  }
  const holder = set.find((s) => s.sandbox.control.transaction(id) !== undefined);
  return holder ? { holder, id } : `no sandbox has a transaction ${id}`;
}

/**
 * Runs one typed line against the set and returns what to print (a sentence, never a throw):
 * `down NAME [hang|503]` (default hang: connections accepted, nothing answered), `up NAME`,
 * `refuse NAME` / `accept NAME` (creates refused as the dialect refuses a pair), `hold ID|last
 * [what it asks]`, `release ID|last [status]`, `list`, `help`. An empty line answers "".
 */
export function runCommand(line: string, set: readonly NamedSandbox[]): string {
  const [verb, first, ...rest] = line.trim().split(/\s+/);
  if (!verb) return "";
  switch (verb.toLowerCase()) {
    case "down": {
      const target = named(set, first);
      if (typeof target === "string") return target;
      const mode = rest[0] ?? "hang";
      if (mode !== "hang" && mode !== "503") return `down ${target.name} takes hang or 503`;
      target.sandbox.control.takeDown(mode === "hang" ? "hang" : "unavailable");
      return mode === "hang"
        ? `${target.name} is down: it accepts connections and never answers`
        : `${target.name} is down: it answers 503 to everything`;
    }
    case "up": {
      const target = named(set, first);
      if (typeof target === "string") return target;
      target.sandbox.control.bringUp();
      return `${target.name} is up`;
    }
    case "refuse":
    case "accept": {
      const target = named(set, first);
      if (typeof target === "string") return target;
      const refuse = verb.toLowerCase() === "refuse";
      target.sandbox.control.refuseCreates(refuse);
      return refuse
        ? `${target.name} refuses every create (no swap is made)`
        : `${target.name} accepts creates again`;
    }
    case "hold":
    case "release": {
      const found = holderOf(set, first);
      if (typeof found === "string") return found;
      const { holder, id } = found;
      if (verb.toLowerCase() === "hold") {
        const asks = rest.join(" ");
        holder.sandbox.control.hold(id, asks ? { asks } : {});
        return `${holder.name} holds ${id} for verification`;
      }
      const tx = holder.sandbox.control.release(id, rest[0] ?? "exchanging");
      return `${holder.name} released ${id}: ${tx.status}`;
    }
    case "list":
      return listOf(set);
    case "help":
      return COMMANDS_HELP;
    default:
      return `unknown command "${verb}"; ${COMMANDS_HELP}`;
  }
}
