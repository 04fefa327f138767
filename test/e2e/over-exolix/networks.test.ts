import "../../support/over-exolix.ts";
import "../networks.test.ts";
