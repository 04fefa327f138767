import pg from "pg";

/** A client session of the pooler: what node-postgres' Client and PoolClient offer the check. */
export interface PooledSession {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  release(): void;
}

/**
 * PgBouncer in transaction mode, in-process, over real PostgreSQL sessions: each statement a
 * client sends runs on whichever server connection is free (the most recently freed first, as
 * PgBouncer does), and a transaction keeps its server connection from `begin` to its end. So a
 * session-level lock one statement takes stays behind on a server connection the client's next
 * statement may not run on.
 */
export class TransactionPooler {
  private readonly idle: pg.Client[] = [];

  private constructor(private readonly servers: pg.Client[]) {
    this.idle.push(...servers);
  }

  static async open(url: string, servers = 3): Promise<TransactionPooler> {
    const clients = Array.from({ length: servers }, () => new pg.Client({ connectionString: url }));
    await Promise.all(clients.map((client) => client.connect()));
    return new TransactionPooler(clients);
  }

  session(): PooledSession {
    let pinned: pg.Client | undefined;
    return {
      query: async (text, values) => {
        const server = pinned ?? this.idle.pop();
        if (!server) throw new Error("no free server connection in the test pooler");
        try {
          const result = await server.query(text, values);
          if (/^\s*begin\b/i.test(text)) pinned = server;
          else if (/^\s*(commit|rollback|end)\b/i.test(text)) pinned = undefined;
          return result;
        } finally {
          if (pinned !== server) this.idle.push(server);
        }
      },
      release: () => {
        if (pinned) this.idle.push(pinned);
        pinned = undefined;
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.end()));
  }
}
