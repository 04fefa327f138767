import "../../support/over-exolix.ts";
import "../exchange-resilience.test.ts";
