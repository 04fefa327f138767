import { z } from "zod";
import { cbField, defineCallback } from "../callback-data.ts";

/** The steps a flow button can belong to; a press is only taken at its own step. */
const FLOW_STEPS = [
  "from",
  "to",
  "fnet",
  "tnet",
  "rate",
  /** At the address step: pay out on the network the typed address belongs to. */
  "anet",
  /** At the address step: make another exchange's offer this swap's (its index among the offers). */
  "offer",
  "skip",
  "confirm",
  "cancel",
] as const;
export type FlowStep = (typeof FLOW_STEPS)[number];

/**
 * Every button of an exchange flow carries the flow's random id, so a button of an earlier flow
 * (or a forged one) is recognised as stale instead of acting.
 */
export const flowButton = defineCallback("x", {
  flow: z.string().regex(/^[a-z0-9]{6,10}$/),
  step: z.enum(FLOW_STEPS),
  value: cbField.text(24),
});
