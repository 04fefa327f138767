import type { IncomingMessage, ServerResponse } from "node:http";
import type { Update } from "grammy/types";
import { z } from "zod";

/**
 * Telegram's largest updates (a long message with its entities, a poll) are a few KiB; anything
 * past this is not an update.
 */
export const MAX_UPDATE_BYTES = 1024 * 1024;

/** The body is larger than an update can be: answered 413, never read to its end. */
export class UpdateTooLarge extends Error {
  override name = "UpdateTooLarge";
}

/** The body is not an update (not JSON, or no update_id): nothing Telegram should send again. */
export class MalformedUpdate extends Error {
  override name = "MalformedUpdate";
}

/** The update is held (the database away: webhook-stand-in.ts): answered 503, Telegram sends it again. */
export class HeldUpdate extends Error {
  override name = "HeldUpdate";
}

/** What every update carries; grammY reads the rest. */
const updateShape = z.looseObject({ update_id: z.number().int().nonnegative() });

/** grammY's ReqResHandler (not exported): one request as webhookCallback sees it. */
interface UpdateRequest {
  readonly update: Promise<Update>;
  header: string | undefined;
  end: () => void;
  respond: (json: string) => unknown;
  unauthorized: () => unknown;
  handlerReturn?: undefined;
}

/**
 * grammY's `http` adapter (frameworks.ts), with the body read only after the secret was checked
 * (as there), at most `maxBytes` of it, and checked to be an update before grammY sees it. An
 * update `holds` keeps back is never handed to grammY: it rejects with HeldUpdate.
 */
export function cappedHttpAdapter(
  maxBytes = MAX_UPDATE_BYTES,
  holds?: (update: Update) => Promise<boolean>,
) {
  return (req: IncomingMessage, res: ServerResponse): UpdateRequest => {
    const secret = req.headers["x-telegram-bot-api-secret-token"];
    return {
      get update() {
        const update = readUpdate(req, maxBytes);
        if (!holds) return update;
        return update.then(async (read) => {
          if (await holds(read)) throw new HeldUpdate(`update ${read.update_id} held`);
          return read;
        });
      },
      header: Array.isArray(secret) ? secret[0] : secret,
      end: () => res.end(),
      respond: (json: string) =>
        res.writeHead(200, { "Content-Type": "application/json" }).end(json),
      unauthorized: () => res.writeHead(401).end('"secret token is wrong"'),
    };
  };
}

function readUpdate(req: IncomingMessage, maxBytes: number): Promise<Update> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers["content-length"] ?? 0) > maxBytes) {
      reject(new UpdateTooLarge(`content-length ${req.headers["content-length"]}`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        req.off("data", onData);
        reject(new UpdateTooLarge(`body over ${maxBytes} bytes`));
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", reject);
    req.once("end", () => {
      if (size > maxBytes) return;
      let json: unknown;
      try {
        json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch (error) {
        reject(new MalformedUpdate(`not JSON: ${(error as Error).message}`));
        return;
      }
      const update = updateShape.safeParse(json);
      if (!update.success) {
        reject(new MalformedUpdate(`not an update: ${update.error.issues[0]?.message ?? ""}`));
        return;
      }
      resolve(update.data as Update);
    });
  });
}
