import "../../support/over-exolix.ts";
import "../quote-rationing.test.ts";
