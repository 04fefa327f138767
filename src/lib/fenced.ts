/**
 * `target` with `fence` awaited before each of its methods: the leader's stores, so that an
 * instance that lost the lead reads and writes nothing more (the fence rejects, so the call does).
 */
export function fenced<T extends object>(target: T, fence: () => Promise<void>): T {
  const wrapped: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(target) as Array<[string, unknown]>) {
    wrapped[name] =
      typeof value === "function"
        ? async (...args: unknown[]) => {
            await fence();
            return value.apply(target, args);
          }
        : value;
  }
  return wrapped as T;
}
