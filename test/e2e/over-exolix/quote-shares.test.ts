import "../../support/over-exolix.ts";
import "../quote-shares.test.ts";
