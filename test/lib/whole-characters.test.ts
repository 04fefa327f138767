import { describe, expect, it } from "vitest";
import { cutWhole, wholeLength } from "../../src/lib/whole-characters.ts";

const wellFormed = (text: string) =>
  !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

describe("cutting text on whole characters", () => {
  it("never cuts an emoji (a surrogate pair) in half", () => {
    const text = `${"a".repeat(9)}😀b`;
    expect(text.slice(0, 10)).not.toSatisfy(wellFormed);
    expect(cutWhole(text, 10)).toBe("a".repeat(9));
    expect(cutWhole(text, 11)).toBe(`${"a".repeat(9)}😀`);
  });

  it("keeps an emoji with its skin tone and a family emoji whole", () => {
    const waving = "👋🏽";
    const family = "👨‍👩‍👧";
    expect(cutWhole(`ab${waving}`, 4)).toBe("ab");
    expect(cutWhole(`ab${family}c`, 6)).toBe("ab");
    expect(cutWhole(`ab${family}c`, 2 + family.length)).toBe(`ab${family}`);
  });

  it("gives short text back whole, and cuts a grapheme longer than the room between code points", () => {
    expect(wholeLength("short", 10)).toBe(5);
    const zalgo = `e${"\u0301".repeat(20)}`;
    expect(cutWhole(zalgo, 5)).toHaveLength(5);
    const emojiRun = `😀${"\u0301".repeat(10)}`;
    expect(cutWhole(emojiRun, 1)).toBe("");
    expect(cutWhole(`x😀${"\u0301".repeat(10)}`, 2)).toBe("x");
    for (let max = 1; max < 30; max++) {
      expect(cutWhole(`${"😀".repeat(8)}ab${"👋🏽".repeat(3)}`, max)).toSatisfy(wellFormed);
    }
  });
});
