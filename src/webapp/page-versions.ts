/**
 * The Mini App page's API version, which the page sends with every call (`x-page-version`). A page
 * stays open in the user's Telegram across an upgrade and then calls the new release's server:
 * the API changes only by adding (docs/upgrades.md), so an older page keeps working. When a change
 * cannot keep it working, bump this and register the version replaced below, as the chat's flow
 * versions are (bot/swap-flow/flow-versions.ts): `carry` when the server still serves that page,
 * `reopen` when it tells the user, in one sentence, to close the app and open it again.
 * test/upgrades/page-versions.test.ts fails while a version below the current one is missing.
 */
export const PAGE_API_VERSION = 1;

/** The page of v0.3.0 sends no version: its API is version 1. */
const UNVERSIONED = 1;

type OlderPage = { readonly kind: "carry" | "reopen"; readonly why: string };

export const OLDER_PAGE_VERSIONS: Readonly<Record<number, OlderPage>> = {};

/**
 * Whether the server answers a page that sent `sent` (its header, if any): its own version or a
 * carried older one. Any other (a page told to reopen, or a newer page meeting an older server
 * during a rolling deploy) is told to reopen the app.
 */
export function servesPage(
  sent: string | undefined,
  current: number = PAGE_API_VERSION,
  older: Readonly<Record<number, OlderPage>> = OLDER_PAGE_VERSIONS,
): boolean {
  const version = sent === undefined ? UNVERSIONED : Number(sent);
  return version === current || older[version]?.kind === "carry";
}
