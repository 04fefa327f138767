/**
 * How the sandbox speaks: `spec` (docs/exchange-api-v2.md: snake_case, `X-API-Key`) or `exolix`
 * (Exolix's public v2 API as its integrations use it: docs/exchange-in-the-wild.md).
 */
export type Dialect = "spec" | "exolix";

export const DIALECTS: readonly Dialect[] = ["spec", "exolix"];
