import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { Lifecycle, type Part, StartupError } from "../../src/app/lifecycle.ts";
import { createLogger } from "../../src/lib/logger.ts";

/** A lifecycle whose log lines are kept, and parts that write what happens to them in `events`. */
function rig() {
  const events: string[] = [];
  const logs: string[] = [];
  const logger = createLogger({
    level: "info",
    secrets: [],
    destination: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(chunk.toString("utf8"));
        done();
      },
    }),
  });
  const part = (name: string, fail?: { start?: string; stop?: string }): Part => ({
    name,
    start: async () => {
      await Promise.resolve();
      if (fail?.start) throw new Error(fail.start);
      events.push(`start ${name}`);
    },
    stop: () => {
      if (fail?.stop) throw new Error(fail.stop);
      events.push(`stop ${name}`);
    },
  });
  return { life: new Lifecycle(logger), events, logs, part };
}

describe("the lifecycle", () => {
  it("starts parts in the order given and stops them in reverse", async () => {
    const { life, events, part } = rig();
    await life.start(part("database"));
    await life.start(part("catalog"), part("Telegram"));
    await life.stop();
    expect(events).toEqual([
      "start database",
      "start catalog",
      "start Telegram",
      "stop Telegram",
      "stop catalog",
      "stop database",
    ]);
  });

  it("stops the parts started before one that fails, and rejects naming it", async () => {
    const { life, events, part } = rig();
    await life.start(part("database"));
    const failing = life.start(
      part("catalog"),
      part("webhook", { start: "port 8443 in use" }),
      part("never"),
    );
    await expect(failing).rejects.toThrow(StartupError);
    await expect(failing).rejects.toThrow("webhook: port 8443 in use");
    expect(events).toEqual(["start database", "start catalog", "stop catalog", "stop database"]);
  });

  it("keeps the cause of a failed start", async () => {
    const { life, part } = rig();
    const error = await life.start(part("database", { start: "disk full" })).catch((e) => e);
    expect(error).toBeInstanceOf(StartupError);
    expect((error as StartupError).cause).toBeInstanceOf(Error);
    expect(((error as StartupError).cause as Error).message).toBe("disk full");
  });

  it("goes on stopping the others when one fails to stop, and logs it by name", async () => {
    const { life, events, logs, part } = rig();
    await life.start(part("database"), part("catalog", { stop: "timer gone" }), part("Telegram"));
    await life.stop();
    expect(events).toEqual([
      "start database",
      "start catalog",
      "start Telegram",
      "stop Telegram",
      "stop database",
    ]);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.msg === "stopping failed");
    expect(line?.part).toBe("catalog");
  });

  it("starts added parts again after a stop, as the leader's work does on each lead", async () => {
    const { life, events, part } = rig();
    life.add(part("notifier"), part("tracker"));
    expect(events).toEqual([]);
    await life.start();
    await life.stop();
    await life.start();
    await life.stop();
    await life.stop();
    expect(events).toEqual([
      "start notifier",
      "start tracker",
      "stop tracker",
      "stop notifier",
      "start notifier",
      "start tracker",
      "stop tracker",
      "stop notifier",
    ]);
  });
});
