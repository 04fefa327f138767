import "../../support/over-exolix.ts";
import "../reconcile.test.ts";
