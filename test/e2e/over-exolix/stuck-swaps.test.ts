import "../../support/over-exolix.ts";
import "../stuck-swaps.test.ts";
