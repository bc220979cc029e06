// Apart from live.ts, which builds zod schemas: the client's socket code needs these numbers, and importing them
// from there would bring zod (about 20 KB br) into the lobby's and the game's first load.

/**
 * Close codes the server uses (docs/api.md): at the handshake 4401 / 4403 / 4404; later 4409 when the same student
 * opened more live sockets than allowed and this one is the oldest, 4429 when the same address did. Clients do not
 * reconnect after those: a superseded socket coming back would close the newer one in turn. 4420: the client sent
 * frames faster than the server takes them; it may come back, later each time (lib/reconnecting-socket.ts).
 */
export const WS_CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  superseded: 4409,
  tooManyFrames: 4420,
  tooManyFromAddress: 4429,
  goingAway: 1001,
  normal: 1000,
} as const;
