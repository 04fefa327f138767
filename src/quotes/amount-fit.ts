/** The amount check lives in the core (the confirm use case needs it): see swaps/amount-fit.ts. */
export * from "../swaps/amount-fit.ts";
