import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { projectPath } from "../../lib/project-root.ts";
import { createApi } from "./api.ts";
import type { WebAppDeps } from "./deps.ts";
import { SECURITY } from "./security-headers.ts";

/** Where `npm run build:webapp` (run by `npm ci`) puts the page: index.html and hashed bundles. */
export const WEBAPP_BUILD_DIR = projectPath("build", "webapp");

/** Bundles named by their content hash (`main-3F2KQ7XA.js`) never change: cached for a year. */
const HASHED = /-[A-Z0-9]{8}\.(js|css)$/;

export interface WebAppServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The page and its API on one origin, both with the security headers of security-headers.ts:
 * the API's answers are made with them (json-answers.ts), so the API is routed before hono's
 * secureHeaders, which sets them on the page's files.
 */
function createWebApp(deps: WebAppDeps, buildDir = WEBAPP_BUILD_DIR): Hono {
  const app = new Hono();
  app.route("/api", createApi(deps));
  app.use(secureHeaders(SECURITY));
  app.all("/api/*", (c) => c.json({ error: "not-found" }, 404));
  // The page's files (the API gzips its own answers: json-answers.ts).
  app.use(compress());
  app.use("*", async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return c.text("Method Not Allowed", 405);
    await next();
    if (c.res.status === 200) {
      c.header(
        "Cache-Control",
        HASHED.test(c.req.path) ? "public, max-age=31536000, immutable" : "no-cache",
      );
    }
  });
  app.use("*", serveStatic({ root: buildDir, index: "index.html" }));
  app.notFound((c) => c.text("Not Found", 404));
  return app;
}

/** Serves the Mini App; fails at once when the page was never built. */
export async function startWebAppServer(
  deps: WebAppDeps,
  options: { port: number; host: string; buildDir?: string },
): Promise<WebAppServer> {
  const buildDir = options.buildDir ?? WEBAPP_BUILD_DIR;
  if (!existsSync(`${buildDir}/index.html`)) {
    throw new Error(`the Mini App page is not built (${buildDir}): run npm run build:webapp`);
  }
  const app = createWebApp(deps, buildDir);
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () =>
      resolve(s),
    );
    s.once("error", reject);
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Viewers polling with keep-alive must not hold the stop.
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
