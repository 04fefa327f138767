import { Lru } from "../../lib/lru.ts";
import type { MadeAnswer } from "./json-answers.ts";

/** Pages remembered at once: a page of 20 swaps is about 10 KiB of JSON. */
const PAGES = 1_000;

/**
 * The swap list's answers (their JSON), per chat and page, remembered at the chat's list version
 * (SwapQueries.listVersion, which the database moves whenever one of the chat's listed swaps
 * changes, whoever writes it): a page polls its list every few seconds and mostly gets the same
 * answer, and the version costs a read by key instead of the page's read and rendering. Bounded:
 * PAGES answers, the least recently asked forgotten first.
 */
export class ListAnswers {
  private readonly pages = new Lru<string, { version: number; answer: MadeAnswer }>(PAGES);

  /** The answer made for the chat's page at `version`, if it is the one remembered. */
  get(chatId: number, offset: number, version: number): MadeAnswer | undefined {
    const known = this.pages.get(`${chatId}:${offset}`);
    return known?.version === version ? known.answer : undefined;
  }

  /** `version` must have been read before the page was: a change in between makes it older. */
  set(chatId: number, offset: number, version: number, answer: MadeAnswer): void {
    this.pages.set(`${chatId}:${offset}`, { version, answer });
  }
}
