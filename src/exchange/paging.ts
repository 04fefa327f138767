import { ExchangeApiError } from "../swaps/exchange-errors.ts";
import type { Page } from "../swaps/exchange-port.ts";

interface ReadPagesOptions<T> {
  /** The page size to ask for first; the upstream's cap may turn out lower. */
  size: number;
  fetchPage(page: number, size: number): Promise<Page<T>>;
  /**
   * Receives each page as it arrives, with the list's `count` and how many items were read so
   * far (this page included); returning false stops the read there.
   */
  onPage(items: T[], progress: { count: number; fetched: number }): unknown | Promise<unknown>;
  /** The upstream's real cap, when it turned out lower than asked: worth remembering. */
  onCap?(size: number): void | Promise<void>;
  /** Safety stop for an upstream whose `count` never ends. */
  maxPages?: number;
  /** Resumes a read: the pages before this one were read already, at `size`. */
  firstPage?: number;
}

interface PagesRead {
  /** Requests made, refused ones included: each one spent budget. */
  reads: number;
  pages: number;
  /** The page size in use at the end. */
  size: number;
}

/** The spec's documented default page sizes are 20 and 50: never shrink below that. */
const SMALLEST_SIZE = 20;

/**
 * Reads a paged list to its end. The maximum `size` is not documented, and upstreams answer a
 * larger one in two ways: with a shorter page (the cap), or with a 400. Both are learned here:
 * the size is halved until one is accepted, page numbers are realigned to the smaller size, and
 * `onCap` is told the size that worked.
 */
export async function readPages<T>(options: ReadPagesOptions<T>): Promise<PagesRead> {
  let size = options.size;
  const firstPage = Math.max(1, options.firstPage ?? 1);
  let fetched = (firstPage - 1) * size;
  let reads = 0;
  let pages = 0;
  /** A size that was refused: learned only once a smaller one is accepted. */
  let refused = false;
  const maxPages = options.maxPages ?? 1_000;
  for (let page = firstPage; pages < maxPages; page++) {
    let result: Page<T>;
    reads++;
    try {
      result = await options.fetchPage(page, size);
    } catch (error) {
      if (fetched > 0 || size <= SMALLEST_SIZE || !isRefusal(error)) throw error;
      size = Math.max(SMALLEST_SIZE, Math.floor(size / 2));
      refused = true;
      page = 0;
      continue;
    }
    pages++;
    if (refused) {
      refused = false;
      await options.onCap?.(size);
    }
    const progress = { count: result.count, fetched: fetched + result.data.length };
    if ((await options.onPage(result.data, progress)) === false) break;
    fetched += result.data.length;
    if (result.data.length === 0 || fetched >= result.count) break;
    if (result.data.length < size) {
      // A short page before the end: the cap. Page numbers must line up with its offsets.
      if (fetched % result.data.length !== 0) {
        throw new Error(`inconsistent page sizes: ${result.data.length} after ${fetched} items`);
      }
      size = result.data.length;
      page = fetched / size;
      await options.onCap?.(size);
    }
  }
  return { reads, pages, size };
}

/**
 * Any 400 or 422 to a first page counts: the wording of a size refusal is not documented. If the
 * request was wrong for another reason, the smallest size fails too and the error is thrown,
 * with nothing learned.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ExchangeApiError && (error.status === 400 || error.status === 422);
}
