import "../../support/over-exolix.ts";
import "../refund-memo.test.ts";
