import "../../support/over-exolix.ts";
import "../finished-swaps.test.ts";
