import "../../support/over-exolix.ts";
import "../crash.test.ts";
