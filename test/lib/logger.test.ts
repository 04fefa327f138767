import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../src/lib/logger.ts";

function capture(level = "info") {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  return { lines, logger: createLogger({ level, secrets: [], destination }) };
}

describe("the logger", () => {
  it("logs a failed database query without the values it carried, keeping the query and its cause", () => {
    const { lines, logger } = capture();
    const error = new DrizzleQueryError(
      "insert into update_journal (update_id, payload) values (?, ?)",
      [7, '{"text":"bc1qsecretaddressofauser"}'],
      new Error("attempt to write a readonly database"),
    );
    logger.error({ err: error }, "cannot journal Telegram updates");
    const line = lines.join("");
    expect(line).not.toContain("bc1qsecretaddressofauser");
    expect(line).toContain("insert into update_journal");
    expect(line).toContain("attempt to write a readonly database");
    expect(JSON.parse(line).err.type).toBe("DrizzleQueryError");
  });

  it("logs other errors whole", () => {
    const { lines, logger } = capture();
    logger.error({ err: new TypeError("bad input: 0.5 btc") }, "failed");
    expect(JSON.parse(lines.join("")).err).toMatchObject({
      type: "TypeError",
      message: "bad input: 0.5 btc",
    });
  });

  it("logs an error without its stack, or the stacks of the errors it carries, below debug", () => {
    const { lines, logger } = capture("info");
    const inner = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), {
      code: "ECONNREFUSED",
    });
    const error = Object.assign(new Error("Network request for 'getMe' failed!"), {
      error: inner,
    });
    logger.error({ err: error }, "cannot reach Telegram");
    const line = lines.join("");
    expect(line).not.toContain("    at ");
    expect(JSON.parse(line).err).toEqual({
      type: "Error",
      message: "Network request for 'getMe' failed!",
      error: { type: "Error", message: "connect ECONNREFUSED 127.0.0.1:9", code: "ECONNREFUSED" },
    });
    // The error logged is left as it was.
    expect(error.stack).toContain("    at ");
    expect(inner.stack).toContain("    at ");
  });

  it("logs the stacks at debug", () => {
    const { lines, logger } = capture("debug");
    logger.error({ err: new Error("boom", { cause: new Error("below") }) }, "failed");
    const { err } = JSON.parse(lines.join("")) as { err: { stack: string } };
    expect(err.stack).toContain("    at ");
    expect(err.stack).toContain("caused by: Error: below");
  });
});
