import "../../support/over-exolix.ts";
import "../payout-memo.test.ts";
