import { defineConfig } from "drizzle-kit";

/** PostgreSQL, chosen by DATABASE_URL. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/pg/schema.ts",
  out: "./drizzle/pg",
});
