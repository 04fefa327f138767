/**
 * How the sandbox speaks: `spec` (docs/exchange-api-v2.md: snake_case, `X-API-Key`), `exolix`
 * (Exolix's public v2 API as its integrations use it: docs/exchange-in-the-wild.md), `changenow`
 * (ChangeNOW's API v2 as its integrations use it: docs/exchange-changenow.md) or `letsexchange`
 * (LetsExchange's API: docs/exchange-letsexchange.md). The sandbox imports nothing outside itself
 * (docs/design.md §2), so it names them here: test/architecture/exchange-dialects.test.ts holds this
 * list equal to the bot's (exchange/dialect.ts).
 */
export const DIALECTS = ["spec", "exolix", "changenow", "letsexchange"] as const;
export type Dialect = (typeof DIALECTS)[number];
