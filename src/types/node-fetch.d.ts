/**
 * node-fetch 2, grammY's own HTTP client on Node (its `shim.node.js`), which ships no types: only
 * the call the bot makes, as the platform's fetch (the Response it gives has `status`,
 * `statusText`, `headers.get` and `text()` alike).
 */
declare module "node-fetch" {
  const fetch: typeof globalThis.fetch;
  export default fetch;
}
