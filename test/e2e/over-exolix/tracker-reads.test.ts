import "../../support/over-exolix.ts";
import "../tracker-reads.test.ts";
