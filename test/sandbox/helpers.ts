import { afterEach } from "vitest";
import { type Sandbox, type SandboxOptions, startSandbox } from "../../src/sandbox/index.ts";

export interface Response<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** A sandbox per test, closed afterwards; unlimited and without schedule unless asked. */
export function useSandbox() {
  const open: Sandbox[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
  });
  return async (options: SandboxOptions = {}) => {
    const sandbox = await startSandbox({ limits: false, schedule: false, ...options });
    open.push(sandbox);
    return client(sandbox);
  };
}

export type Client = ReturnType<typeof client>;

/** Small fetch wrappers: paths are relative to the sandbox's /api/v2. */
export function client(sandbox: Sandbox) {
  async function call<T>(path: string, init: RequestInit = {}): Promise<Response<T>> {
    const res = await fetch(`${sandbox.url}${path}`, init);
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: res.status, headers: res.headers, body: body as T, text };
  }
  // Each dialect's way of sending the key: X-API-Key (spec), the raw Authorization header (exolix),
  // x-changenow-api-key (changenow).
  const auth = (key = sandbox.apiKey): Record<string, string> =>
    sandbox.dialect === "exolix"
      ? { Authorization: key }
      : sandbox.dialect === "changenow"
        ? { "x-changenow-api-key": key }
        : { "X-API-Key": key };
  return {
    sandbox,
    control: sandbox.control,
    get: <T = Record<string, unknown>>(path: string, init?: RequestInit) => call<T>(path, init),
    authGet: <T = Record<string, unknown>>(path: string, key?: string) =>
      call<T>(path, { headers: auth(key) }),
    create: <T = Record<string, unknown>>(body: unknown, key?: string) =>
      call<T>("/transactions", {
        method: "POST",
        headers: { ...auth(key), "Content-Type": "application/json" },
        body: typeof body === "string" ? body : JSON.stringify(body),
      }),
  };
}

export const ETH_ADDRESS = "0x742d35Cc6634C0532925a3b844Bc454e4438f44e";
export const BTC_ADDRESS = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq";

/** A valid order: 0.5 BTC to an ETH address. */
export const ORDER = {
  coinFrom: "btc",
  coinTo: "eth",
  amount: 0.5,
  withdrawalAddress: ETH_ADDRESS,
};

/** At most 8 decimals, no float noise, written as a plain JSON number. */
export function isClean(n: unknown): boolean {
  return typeof n === "number" && Number.isFinite(n) && Number(n.toFixed(8)) === n;
}
