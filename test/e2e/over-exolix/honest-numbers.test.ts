import "../../support/over-exolix.ts";
import "../honest-numbers.test.ts";
