export { freePort } from "../../tools/free-port.ts";
