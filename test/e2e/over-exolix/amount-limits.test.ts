import "../../support/over-exolix.ts";
import "../amount-limits.test.ts";
