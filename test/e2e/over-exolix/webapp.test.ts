import "../../support/over-exolix.ts";
import "../webapp.test.ts";
