/** A swap as the bot keeps it (one row of the transactions table). */
export interface SwapRecord {
  id: string;
  chatId: number;
  userId: number;
  coinFrom: string;
  coinTo: string;
  networkFrom: string | null;
  networkTo: string | null;
  amountIn: string;
  amountOutExpected: string;
  amountOut: string | null;
  rate: string | null;
  rateType: string;
  depositAddress: string;
  withdrawalAddress: string;
  refundAddress: string | null;
  txHashIn: string | null;
  txHashOut: string | null;
  status: string;
  statusChangedAt: number;
  /** The upstream's ISO timestamp. */
  createdAt: string;
  cardMessageId: number | null;
  lastCheckedAt: number | null;
  sandbox: boolean;
}

/** Fields of the upstream detail that can change after creation. */
export interface SwapDetailUpdate {
  status: string;
  amountOut: string | null;
  rate: string | null;
  txHashIn: string | null;
  txHashOut: string | null;
  refundAddress: string | null;
  networkFrom: string | null;
  networkTo: string | null;
}

/** What the outbox sender needs to send one notification. */
export interface PendingNotification {
  id: number;
  transactionId: string;
  chatId: number;
  status: string;
  attempts: number;
}
