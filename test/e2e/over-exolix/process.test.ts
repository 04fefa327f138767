import "../../support/over-exolix.ts";
import "../process.test.ts";
