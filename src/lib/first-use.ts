import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * A package loaded at its first use instead of at every start (docs/design.md §2, "What a
 * process loads"). It is required, not imported: the first call returns it at once, as a static
 * import would have had it, so a caller keeps its synchronous API and its timing.
 */
export function onFirstUse<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(name) as T;
    return loaded;
  };
}
