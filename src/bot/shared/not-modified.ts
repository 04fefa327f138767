/** Two quick taps on the same page button edit to identical text, which Telegram refuses. */
export function ignoreNotModified(error: unknown): void {
  if (error instanceof Error && error.message.includes("message is not modified")) return;
  throw error;
}
