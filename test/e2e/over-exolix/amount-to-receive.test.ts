import "../../support/over-exolix.ts";
import "../amount-to-receive.test.ts";
