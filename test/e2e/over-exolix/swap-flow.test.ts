import "../../support/over-exolix.ts";
import "../../bot/swap-flow.test.ts";
