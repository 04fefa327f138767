import { describe, expect, it } from "vitest";
import { Deadline } from "../../src/exchange/deadline.ts";

/** A response whose body sends half a JSON object and then nothing, and is tied to no signal. */
function stalledResponse(): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"id":'));
    },
  });
  return new Response(body);
}

describe("Deadline", () => {
  it("ends the read of a body still coming when it passes, even when the fetch's signal never aborts it", async () => {
    const deadline = new Deadline(50);
    deadline.start();
    await expect(deadline.bodyOf(stalledResponse())).rejects.toThrow("the deadline passed");
    expect(deadline.passed).toBe(true);
  });

  it("gives the body's text when it comes in time, and a passed deadline refuses a body not read yet", async () => {
    const deadline = new Deadline(60_000);
    deadline.start();
    expect(await deadline.bodyOf(new Response('{"id":"a"}'))).toBe('{"id":"a"}');
    deadline.clear();
    const passed = new Deadline(1);
    passed.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(passed.bodyOf(new Response("{}"))).rejects.toThrow("the deadline passed");
  });
});
