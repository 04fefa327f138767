import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  OLDER_PAGE_VERSIONS,
  PAGE_API_VERSION,
  servesPage,
} from "../../src/webapp/page-versions.ts";
import { freePort, type Harness, startHarness } from "../support/bot-harness.ts";
import { signedInitData } from "../support/browser.ts";
import { ETH_ADDRESS } from "../support/flows.ts";

const unregistered = (current: number, older: Readonly<Record<number, unknown>>) =>
  Array.from({ length: current - 1 }, (_, i) => i + 1).filter((v) => !(v in older));

describe("Mini App pages across versions (webapp/page-versions.ts)", () => {
  it("every older page API version is registered as carried or told to reopen", () => {
    expect(unregistered(PAGE_API_VERSION, OLDER_PAGE_VERSIONS)).toEqual([]);
    expect(unregistered(PAGE_API_VERSION + 1, OLDER_PAGE_VERSIONS)).toEqual([PAGE_API_VERSION]);
  });

  it("serves its own version, the previous release's unversioned page and carried ones; tells the others", () => {
    expect(servesPage(String(PAGE_API_VERSION))).toBe(true);
    // v0.3.0's page sends no version: it speaks version 1.
    expect(servesPage(undefined, 1, {})).toBe(true);
    expect(servesPage(undefined, 2, { 1: { kind: "carry", why: "test" } })).toBe(true);
    expect(servesPage(undefined, 2, { 1: { kind: "reopen", why: "test" } })).toBe(false);
    expect(
      servesPage("2", 3, { 1: { kind: "reopen", why: "t" }, 2: { kind: "carry", why: "t" } }),
    ).toBe(true);
    // A newer page meeting this (older) server in a rolling deploy, or nonsense.
    expect(servesPage(String(PAGE_API_VERSION + 1))).toBe(false);
    expect(servesPage("x")).toBe(false);
  });
});

describe("a Mini App page this server no longer serves", () => {
  let h: Harness;
  let api: string;
  beforeAll(async () => {
    const port = await freePort();
    api = `http://127.0.0.1:${port}/api`;
    h = await startHarness({
      env: { WEBAPP_URL: `http://127.0.0.1:${port}/`, WEBAPP_PORT: String(port) },
    });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  const call = (path: string, headers: Record<string, string>, body?: unknown) => {
    const user = h.tg.user();
    return fetch(`${api}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        authorization: `tma ${signedInitData(h.tg.token, { id: user.id })}`,
        ...(body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
  };

  it("a page of this version, and the previous release's page (no version), are served", async () => {
    expect((await call("/session", { "x-page-version": String(PAGE_API_VERSION) })).status).toBe(
      200,
    );
    expect((await call("/session", {})).status).toBe(200);
  });

  it("is told in one sentence to close the app and open it again, and nothing it sends is acted on", async () => {
    const other = { "x-page-version": String(PAGE_API_VERSION + 1) };
    const session = await call("/session", other);
    expect(session.status).toBe(409);
    expect(((await session.json()) as { message: string }).message).toBe(
      "The app was updated: close it and open it again.",
    );
    const before = h.sandbox.control.transactions().length;
    const create = await call("/swaps", other, {
      key: "page-version-1",
      from: "btc",
      to: "eth",
      amount: "0.3",
      rateType: "float",
      payout: ETH_ADDRESS,
    });
    expect(create.status).toBe(409);
    expect(h.sandbox.control.transactions()).toHaveLength(before);
  });
});
