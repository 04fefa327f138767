/** The errors the client throws are the core's (the port's): see swaps/exchange-errors.ts. */
export * from "../swaps/exchange-errors.ts";
