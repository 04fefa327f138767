import type { CoinCatalog } from "../../catalog/catalog.ts";
import type { ExplorerTable } from "../../frontends/explorers.ts";
import type { Logger } from "../../lib/logger.ts";
import type { QuoteService } from "../../quotes/quote-service.ts";
import type { ConfirmSummary } from "../../swaps/confirm-summary.ts";
import type { ExchangeSet } from "../../swaps/exchange-set.ts";
import type { DepositView } from "../../swaps/swap.ts";
import type { SwapQueries } from "../../swaps/swap-queries.ts";
import type { WebAppUser } from "./init-data.ts";
import type { PageLocale, PageTexts } from "./texts.ts";

/**
 * What the Mini App's API is built from (the composition root gives it), and what each of its
 * calls carries once checked: the API (api.ts) and its routes read them, so they live here, in a
 * module that imports none of them.
 */
export interface WebAppDeps {
  botToken: string;
  catalog: CoinCatalog;
  quotes: QuoteService;
  /** The exchanges configured: an offer's label and KYC rating, and a chosen exchange checked. */
  exchanges: Pick<ExchangeSet, "all" | "get" | "labelOf" | "offering">;
  /** "Confirm a summary", the core's use case the chat calls too. */
  confirm: ConfirmSummary;
  /** The chat's swaps as the database has them: a viewer never costs an exchange read. */
  swapQueries: Pick<SwapQueries, "getForChat" | "listedForChat" | "listVersion">;
  texts: PageTexts;
  sandbox: boolean;
  /** How often an open swap's page asks for its status (WEBAPP_STATUS_POLL_MS); else the page's. */
  statusPollMs?: number;
  /** Where a swap's transactions can be looked at (EXPLORER_URLS over the defaults). */
  explorers?: ExplorerTable;
  logger: Logger;
  /**
   * The chat's support link (`https://t.me/<bot>?start=support`), when the operator has support
   * (a desk or a contact); the page adds `-<swap id>`.
   */
  supportLink?: () => string | undefined;
  /** Sends the deposit message of a swap created in the page to the user's chat. */
  announce(chatId: number, swap: DepositView, locale: PageLocale): Promise<void>;
  now?: () => number;
}

/** What the API's middleware sets on each checked call: its user and the page's locale. */
export type Env = { Variables: { user: WebAppUser; locale: PageLocale } };
