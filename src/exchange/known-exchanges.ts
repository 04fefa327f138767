/** TEMPORARY: replaced by i41-config's table. */
export function trackingLinkOf(_name: string, _orderId: string): string | null {
  return null;
}
