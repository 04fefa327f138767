/**
 * How the sandbox speaks: `spec` (docs/exchange-api-v2.md: snake_case, `X-API-Key`), `exolix`
 * (Exolix's public v2 API as its integrations use it: docs/exchange-in-the-wild.md), `changenow`
 * (ChangeNOW's API v2 as its integrations use it: docs/exchange-changenow.md) or `letsexchange`
 * (LetsExchange's API: docs/exchange-letsexchange.md).
 */
export type Dialect = "spec" | "exolix" | "changenow" | "letsexchange";

export const DIALECTS: readonly Dialect[] = ["spec", "exolix", "changenow", "letsexchange"];
