import { defineConfig } from "drizzle-kit";

/** SQLite, the default store. `drizzle.pg.config.ts` is PostgreSQL's; `npm run db:generate` runs both. */
export default defineConfig({
  dialect: "sqlite",
  schema: "./src/db/schema.ts",
  out: "./drizzle/sqlite",
});
