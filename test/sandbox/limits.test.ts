import { describe, expect, it } from "vitest";
import { ORDER, useSandbox } from "./helpers.ts";

const start = useSandbox();

describe("rate limits", () => {
  it("default to the spec's 60/30/120 per minute", async () => {
    const api = await start({ limits: undefined });
    const answers = await Promise.all(
      Array.from({ length: 61 }, () => api.get("/currencies?size=1")),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(60);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(1);
  });

  it("answer 429 with {message, code} and a Retry-After in seconds", async () => {
    const api = await start({ limits: { publicPerMin: 3, createPerMin: 2, readPerMin: 4 } });
    for (let i = 0; i < 3; i++) expect((await api.get("/currencies")).status).toBe(200);
    const res = await api.get("/rate?coinFrom=btc&coinTo=eth&amount=1");
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ message: expect.stringContaining("rate limit"), code: 429 });
    const retryAfter = Number(res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(59);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(api.control.stats.served429).toBe(1);
  });

  it("count create and read per key, separately from public", async () => {
    const api = await start({ limits: { publicPerMin: 1, createPerMin: 2, readPerMin: 3 } });
    expect((await api.get("/currencies")).status).toBe(200);
    expect((await api.get("/currencies")).status).toBe(429);
    expect((await api.create(ORDER)).status).toBe(200);
    expect((await api.create(ORDER)).status).toBe(200);
    const third = await api.create(ORDER);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(api.control.transactions()).toHaveLength(2);
    for (let i = 0; i < 3; i++) expect((await api.authGet("/transactions")).status).toBe(200);
    expect((await api.authGet("/transactions/x")).status).toBe(429);
    expect(api.control.stats.served429).toBe(3);
  });

  it("can be turned off, changed and reset at runtime", async () => {
    const api = await start({ limits: false });
    for (let i = 0; i < 100; i++) expect((await api.get("/currencies?size=1")).status).toBe(200);
    api.control.setLimits({ publicPerMin: 1, createPerMin: 1, readPerMin: 1 });
    expect((await api.get("/currencies")).status).toBe(200);
    expect((await api.get("/currencies")).status).toBe(429);
    api.control.resetLimits();
    expect((await api.get("/currencies")).status).toBe(200);
    api.control.setLimits(false);
    expect((await api.get("/currencies")).status).toBe(200);
  });
});
