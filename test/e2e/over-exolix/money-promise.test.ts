import "../../support/over-exolix.ts";
import "../money-promise.test.ts";
