import type { IncomingMessage } from "node:http";

/** A file the bot uploaded in a multipart request. */
export interface UploadedFile {
  kind: "upload";
  /** The multipart part's name (grammY's random attach:// id). */
  field: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

export type Params = Record<string, unknown>;

/**
 * Parameters whose value is an object or array in the Bot API. Multipart and form requests
 * carry them as JSON strings; every other field stays a string, so a message text that happens
 * to look like JSON ("[1] ...") is not mistaken for it.
 */
const JSON_FIELDS = new Set([
  "reply_markup",
  "entities",
  "caption_entities",
  "reply_parameters",
  "link_preview_options",
  "results",
  "commands",
  "scope",
  "menu_button",
  "allowed_updates",
  "media",
  "button",
  "rights",
  "message_ids",
  "reaction",
  "input_message_content",
]);

/**
 * Reads a Bot API request's parameters: JSON body, urlencoded body or query string, or
 * multipart/form-data (grammY's uploads). Node 20's `Request.formData()` rejects grammY's
 * framing (`content-disposition:form-data;name=...` without spaces, unquoted filename), hence
 * the small binary-safe parser below. `attach://<id>` references are replaced by the upload.
 */
export async function readParams(req: IncomingMessage): Promise<Params> {
  const url = new URL(req.url ?? "/", "http://localhost");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const type = (req.headers["content-type"] ?? "").toLowerCase();
  const params: Params = {};
  for (const [key, value] of url.searchParams) params[key] = fromFormValue(key, value);
  if (body.length === 0) return params;
  if (type.startsWith("application/json") || (!type && /^\s*\{/.test(body.toString("utf8")))) {
    const parsed: unknown = JSON.parse(body.toString("utf8"));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error("body is not a JSON object");
    }
    return { ...params, ...(parsed as Params) };
  }
  if (type.startsWith("application/x-www-form-urlencoded")) {
    for (const [key, value] of new URLSearchParams(body.toString("utf8"))) {
      params[key] = fromFormValue(key, value);
    }
    return params;
  }
  if (type.startsWith("multipart/form-data")) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(req.headers["content-type"] ?? "");
    const marker = boundary?.[1] ?? boundary?.[2];
    if (!marker) throw new Error("multipart body without a boundary");
    const { fields, files } = parseMultipart(body, marker);
    for (const [key, value] of fields) params[key] = fromFormValue(key, value);
    for (const [key, value] of Object.entries(params)) {
      params[key] = resolveAttachments(value, files);
    }
    // A file sent straight under a parameter's name (no attach:// indirection) counts too.
    for (const [name, file] of files) {
      if (!(name in params) && !isAttachId(name, fields)) params[name] = file;
    }
    return params;
  }
  throw new Error(`unsupported content type ${type}`);
}

function fromFormValue(key: string, value: string): unknown {
  if (!JSON_FIELDS.has(key)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function isAttachId(name: string, fields: Map<string, string>): boolean {
  return [...fields.values()].some((v) => v.includes(`attach://${name}`));
}

function resolveAttachments(value: unknown, files: Map<string, UploadedFile>): unknown {
  if (typeof value === "string") {
    const id = /^attach:\/\/(.+)$/.exec(value)?.[1];
    return id !== undefined && files.has(id) ? files.get(id) : value;
  }
  if (Array.isArray(value)) return value.map((v) => resolveAttachments(v, files));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveAttachments(v, files)]),
    );
  }
  return value;
}

function parseMultipart(
  body: Buffer,
  boundary: string,
): { fields: Map<string, string>; files: Map<string, UploadedFile> } {
  const fields = new Map<string, string>();
  const files = new Map<string, UploadedFile>();
  const delimiter = Buffer.from(`--${boundary}`);
  const next = Buffer.from(`\r\n--${boundary}`);
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new Error("multipart body without its boundary");
  for (;;) {
    pos += delimiter.length;
    if (body[pos] === 0x2d && body[pos + 1] === 0x2d) break;
    if (body[pos] === 0x0d && body[pos + 1] === 0x0a) pos += 2;
    const headerEnd = body.indexOf("\r\n\r\n", pos);
    if (headerEnd < 0) throw new Error("multipart part without headers");
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString("utf8"));
    const contentStart = headerEnd + 4;
    const end = body.indexOf(next, contentStart);
    if (end < 0) throw new Error("multipart body not terminated");
    const content = body.subarray(contentStart, end);
    const disposition = headers.get("content-disposition") ?? "";
    const name = dispositionParam(disposition, "name");
    const filename = dispositionParam(disposition, "filename");
    if (name !== undefined) {
      if (filename !== undefined) {
        files.set(name, {
          kind: "upload",
          field: name,
          filename,
          contentType: headers.get("content-type") ?? "application/octet-stream",
          size: content.length,
          data: Buffer.from(content),
        });
      } else fields.set(name, content.toString("utf8"));
    }
    pos = end + 2;
  }
  return { fields, files };
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${param}=(?:"([^"]*)"|([^;]*))`, "i").exec(disposition);
  if (!match) return undefined;
  return match[1] ?? match[2]?.trim();
}
