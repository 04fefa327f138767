import "../../support/over-exolix.ts";
import "../status-pushes.test.ts";
