import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import { log } from "@/lib/log";

/**
 * The HTTPS listeners. With the default host, 127.0.0.1 and ::1 both answer on the same port: the issuer names
 * "localhost", which Node (and browsers) may resolve to ::1 first.
 */
export interface Listening {
  port: number;
  close(): Promise<void>;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function listenOne(server: https.Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : port);
    });
  });
}

function closeOne(server: https.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function listenHttps(opts: {
  host: string;
  port: number;
  key: string;
  cert: string;
  handler: Handler;
}): Promise<Listening> {
  const make = () => {
    const server = https.createServer({ key: opts.key, cert: opts.cert }, opts.handler);
    server.on("clientError", (_err, socket) => socket.destroy());
    return server;
  };
  const main = make();
  const port = await listenOne(main, opts.host, opts.port);
  const servers = [main];
  if (opts.host === "127.0.0.1") {
    const v6 = make();
    try {
      await listenOne(v6, "::1", port);
      servers.push(v6);
    } catch (err) {
      // No IPv6 loopback here (or the port is taken on it): clients fall back to 127.0.0.1.
      log.warn({ err: (err as Error).message, port }, "partner IdP: not listening on ::1");
    }
  }
  return { port, close: async () => void (await Promise.all(servers.map(closeOne))) };
}
