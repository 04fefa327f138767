import { describe, expect, it } from "vitest";
import { Lru } from "../../src/lib/lru.ts";

describe("Lru", () => {
  it("forgets the least recently used entry beyond its capacity; reading counts as use", () => {
    const lru = new Lru<number, string>(2);
    lru.set(1, "a");
    lru.set(2, "b");
    expect(lru.get(1)).toBe("a");
    lru.set(3, "c");
    expect(lru.has(2)).toBe(false);
    expect(lru.get(1)).toBe("a");
    expect(lru.get(3)).toBe("c");
  });

  it("keeps a stored null apart from a missing entry", () => {
    const lru = new Lru<string, string | null>(3);
    lru.set("known-empty", null);
    expect(lru.get("known-empty")).toBeNull();
    expect(lru.has("known-empty")).toBe(true);
    expect(lru.get("unknown")).toBeUndefined();
    lru.delete("known-empty");
    expect(lru.has("known-empty")).toBe(false);
  });
});
