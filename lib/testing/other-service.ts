import net from "node:net";
import type { AddressInfo } from "node:net";

/**
 * Another service on this machine (a cache, a database, the application) on a port of its own, counting the
 * connections that reach it: what the outbound rules must keep a partner's documents and pages from reaching.
 */
export async function startOtherService(): Promise<{ port: number; connections: number; close(): void }> {
  const state = { connections: 0 };
  const server = net.createServer((socket) => {
    state.connections++;
    socket.end("+PONG\r\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: () => void server.close(),
  };
}
