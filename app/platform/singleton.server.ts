/**
 * One instance per process of something stateful (the MySQL pool, the outbox worker, the
 * draining flag), kept on globalThis so development's live reload, which evaluates the server
 * modules again, finds the same one instead of leaking a second.
 */
const registry = ((globalThis as unknown as { __lmSingletons?: Map<string, unknown> }).__lmSingletons ??= new Map());

export function singleton<T>(name: string, create: () => T): T {
  if (!registry.has(name)) registry.set(name, create());
  return registry.get(name) as T;
}
