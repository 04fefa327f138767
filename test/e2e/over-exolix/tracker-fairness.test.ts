import "../../support/over-exolix.ts";
import "../tracker-fairness.test.ts";
