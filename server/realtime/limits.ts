// Realtime limits; each refusal closes with a clear reason (4400–4499: do not reconnect).
export const COLLAB_LIMITS = {
  maxMessageBytes: 2 * 1024 * 1024,
  maxClientsPerDoc: 100,
  maxConnectionsPerUser: 30,
  /** stored bytes of one document (snapshot + log) */
  maxDocBytes: 32 * 1024 * 1024,
  maxTextChars: 2_000_000,
  compactAfterUpdates: 300,
  unloadAfterMs: 30_000,
} as const;

export const SOCKET_LIMITS = {
  maxPayloadBytes: 256 * 1024,
  maxSocketsPerUser: 50,
  /** a reload within this time does not show a leave/join flicker */
  presenceGraceMs: 4_000,
} as const;
