import { createServer } from "node:net";

/**
 * Ports handed out for servers whose settings need a number up front: below Linux's ephemeral range
 * (32768–60999 by default), which the kernel picks from for every `listen(0)` and every outgoing
 * connection. A port from that range, free when asked, can be taken by one of those before the
 * server that was told it binds it (PostgreSQL after its initdb, a bot restarted on its port), as
 * happened once to the outage tests; a port below it is taken only by another caller of this.
 */
const LOWEST = 20_000;
const HIGHEST = 32_767;

/** A free TCP port on 127.0.0.1 (for servers whose settings need a port number up front). */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (await isFree(port)) return port;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE" || error.code === "EACCES") resolve(false);
      else reject(error);
    });
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
