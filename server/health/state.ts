// This process's view of what it depends on, for /readyz: each Redis connection reports whether
// it is up, and the stopping process says it is draining. Kept per process (module state): each
// API process answers its own readiness.
import type { Redis } from 'ioredis';

const redisUp = new Map<string, boolean>();
let draining = false;

/** Follows one Redis connection's state under its name. */
export function watchRedis(client: Redis, name: string): void {
  redisUp.set(name, client.status === 'ready');
  client.on('ready', () => redisUp.set(name, true));
  client.on('error', () => redisUp.set(name, false));
  client.on('close', () => redisUp.set(name, false));
  client.on('end', () => redisUp.delete(name));
}

/** 'off' without Redis; 'down' when any connection is away */
export function redisState(): 'ok' | 'down' | 'off' {
  if (redisUp.size === 0) return 'off';
  return [...redisUp.values()].every(Boolean) ? 'ok' : 'down';
}

export function markDraining(): void {
  draining = true;
}

export const isDraining = () => draining;
