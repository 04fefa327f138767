import "../../support/over-exolix.ts";
import "../fixed-quote.test.ts";
