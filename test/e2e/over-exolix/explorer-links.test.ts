import "../../support/over-exolix.ts";
import "../explorer-links.test.ts";
