import { describe, expect, it } from "vitest";
import { htmlError, parseHtml, visibleText } from "../../tools/fake-telegram/telegram-html.ts";

describe("Telegram's HTML parse mode (ported from tdlib)", () => {
  it("turns tags into entities with UTF-16 offsets", () => {
    expect(parseHtml("💰 <b>1.5</b> <i>BTC</i>")).toEqual({
      text: "💰 1.5 BTC",
      entities: [
        { type: "bold", offset: 3, length: 3 },
        { type: "italic", offset: 7, length: 3 },
      ],
    });
  });

  it("decodes the four named entities and numeric ones; keeps other ampersands literally", () => {
    expect(parseHtml("a &lt;b&gt; &amp; &quot;c&quot; &#65;&#x42; &nbsp; & AT&T").text).toBe(
      'a <b> & "c" AB &nbsp; & AT&T',
    );
  });

  it("knows links, mentions, spoilers, pre with a language and blockquotes", () => {
    const { entities } = parseHtml(
      '<a href="https://x.org">x</a> <a href="tg://user?id=5">u</a> <span class="tg-spoiler">s</span> ' +
        '<pre><code class="language-ts">let</code></pre> <blockquote expandable>q</blockquote> <code>c</code>',
    );
    expect(entities).toEqual([
      { type: "text_link", url: "https://x.org", offset: 0, length: 1 },
      {
        type: "text_mention",
        user: { id: 5, is_bot: false, first_name: "" },
        offset: 2,
        length: 1,
      },
      { type: "spoiler", offset: 4, length: 1 },
      { type: "pre", offset: 6, length: 3, language: "ts" },
      { type: "expandable_blockquote", offset: 10, length: 1 },
      { type: "code", offset: 12, length: 1 },
    ]);
  });

  it("refuses what Telegram refuses, with its words", () => {
    const cases: Array<[string, string]> = [
      ["<b>x", `Can't find end tag corresponding to start tag "b"`],
      ["<p>x</p>", `Unsupported start tag "p" at byte offset 0`],
      ["é <br/>", `Unsupported start tag "br/" at byte offset 3`],
      ["x </b>", "Unexpected end tag at byte offset 2"],
      ["<b>x</i>", `Unmatched end tag at byte offset 4, expected "</b>", found "</i>"`],
      ["1 < 2", `Unsupported start tag "" at byte offset 2`],
      ["<b", "Unclosed start tag at byte offset 0"],
      ['<span class="x">y</span>', `Tag "span" must have class "tg-spoiler" at byte offset 0`],
    ];
    for (const [html, message] of cases) {
      expect(htmlError(html), html).toBe(`Bad Request: can't parse entities: ${message}`);
    }
    expect(htmlError("<b>fine</b> 2 > 1 &amp; <code>x</code>")).toBeUndefined();
    expect(htmlError("<b>ok</>")).toBeUndefined();
  });

  it("visibleText leaves non-HTML text alone", () => {
    expect(visibleText("<b>x</b>", "HTML")).toBe("x");
    expect(visibleText("<b>x</b>", undefined)).toBe("<b>x</b>");
  });
});
