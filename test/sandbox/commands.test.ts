import { afterEach, describe, expect, it } from "vitest";
import { envLinesOf, runCommand } from "../../src/sandbox/commands.ts";
import { type NamedSandbox, startSandboxSet } from "../../src/sandbox/index.ts";

/** The lines `npm run sandbox` takes on stdin and the settings it prints, over a real set. */

let set: NamedSandbox[] = [];
afterEach(async () => {
  await Promise.all(set.splice(0).map((s) => s.sandbox.close()));
});

const control = (name: string) => set.find((s) => s.name === name)!.sandbox.control;

describe("npm run sandbox's commands", () => {
  it("prints EXCHANGES and each exchange's URL, key and dialect, as the bot's settings name them", async () => {
    set = await startSandboxSet({ limits: false, schedule: false });
    const lines = envLinesOf(set);
    expect(lines[0]).toBe("EXCHANGES=swapspec,exolix,changenow,letsexchange");
    const exolix = set[1]!.sandbox;
    expect(lines).toContain(`EXCHANGE_EXOLIX_API_URL=${exolix.url}`);
    expect(lines).toContain(`EXCHANGE_EXOLIX_API_KEY=${exolix.apiKey}`);
    expect(lines).toContain("EXCHANGE_EXOLIX_DIALECT=exolix");
    expect(lines).toContain("EXCHANGE_SWAPSPEC_DIALECT=spec");
    expect(lines).toContain(`EXCHANGE_LETSEXCHANGE_API_URL=${set[3]!.sandbox.url}`);
    expect(lines).toHaveLength(1 + 3 * 4);
  });

  it("down (hang or 503) and up, refuse and accept: one sandbox, the others untouched", async () => {
    set = await startSandboxSet({ limits: false, schedule: false });
    expect(runCommand("down exolix", set)).toMatch(/exolix is down.*never answers/);
    expect(control("exolix").downMode()).toBe("hang");
    expect(runCommand("down exolix 503", set)).toMatch(/503/);
    expect(control("exolix").downMode()).toBe("unavailable");
    expect(control("changenow").downMode()).toBe(false);
    expect(runCommand("up exolix", set)).toBe("exolix is up");
    expect(control("exolix").downMode()).toBe(false);

    expect(runCommand("refuse ChangeNOW", set)).toMatch(/changenow refuses every create/);
    expect(control("changenow").refusingCreates()).toBe(true);
    expect(control("letsexchange").refusingCreates()).toBe(false);
    expect(runCommand("list", set)).toMatch(/changenow \(changenow\) \S+: up, refusing creates/);
    expect(runCommand("accept changenow", set)).toMatch(/accepts creates again/);
    expect(control("changenow").refusingCreates()).toBe(false);
  });

  it("hold and release find the sandbox that issued the id; last is the newest swap of them all", async () => {
    set = await startSandboxSet({ limits: false, schedule: false });
    const [older] = control("exolix").seed(1, { createdAt: Date.now() - 60_000 });
    const [newest] = control("letsexchange").seed(1, { createdAt: Date.now() });
    expect(runCommand(`hold ${older} a selfie`, set)).toBe(
      `exolix holds ${older} for verification`,
    );
    expect(control("exolix").transaction(older!)?.hold).toMatchObject({ asks: "a selfie" });
    expect(runCommand("hold last", set)).toBe(`letsexchange holds ${newest} for verification`);
    expect(control("letsexchange").transaction(newest!)?.hold).toBeTruthy();
    expect(runCommand("release last", set)).toBe(`letsexchange released ${newest}: exchanging`);
    expect(control("letsexchange").transaction(newest!)?.hold).toBeFalsy();
    expect(runCommand(`release ${older} confirmation`, set)).toMatch(/confirmation$/);
  });

  it("a wrong line is answered with a sentence, never a throw", async () => {
    set = await startSandboxSet({ limits: false, schedule: false });
    expect(runCommand("", set)).toBe("");
    expect(runCommand("down", set)).toMatch(/name one of: swapspec, exolix, changenow/);
    expect(runCommand("down stealthex", set)).toMatch(/no sandbox named "stealthex"/);
    expect(runCommand("down exolix sideways", set)).toMatch(/hang or 503/);
    expect(runCommand("hold nope", set)).toBe("no sandbox has a transaction nope");
    expect(runCommand("hold last", set)).toBe("no transaction yet");
    expect(runCommand("dance", set)).toMatch(/unknown command "dance"; commands: down NAME/);
    expect(control("exolix").downMode()).toBe(false);
  });
});
