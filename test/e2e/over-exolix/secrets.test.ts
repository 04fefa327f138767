import "../../support/over-exolix.ts";
import "../secrets.test.ts";
