/**
 * State held once per server process. Next bundles the code of route handlers and of pages separately, so a plain
 * module-level variable exists once per bundle: the store, the places and the hotel catalog would be loaded twice
 * (twice the memory and start-up work). Kept on globalThis under a registered symbol, every bundle shares one.
 */
export function processShared<T extends object>(name: string, init: () => T): T {
  const key = Symbol.for(`hotel-platform:${name}`);
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  return (slots[key] ??= init());
}
