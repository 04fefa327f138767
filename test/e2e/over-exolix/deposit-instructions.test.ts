import "../../support/over-exolix.ts";
import "../deposit-instructions.test.ts";
