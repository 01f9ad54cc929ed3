import dns from "node:dns/promises";
import http from "node:http";
import net from "node:net";
import { log } from "@/lib/log";
import { addressProblem, defaultPort, idpUrlProblem, isLoopbackHost, originKey, targetKey } from "./outbound";

/** A request the proxy did not let through: its target (host:port of a tunnel, or a URL without its query) and why. */
export interface GuardProxyRefusal {
  target: string;
  reason: string;
}

export interface GuardProxyOptions {
  /**
   * The development switch: this machine may be reached (and plain http to it), but only at the origins of
   * `loopbackAllowed`: not its database, its cache, the application or its operators' pages.
   */
  allowLoopback: boolean;
  /**
   * Under the development switch, the origins on this machine that may be reached (URLs, or host:port): the local
   * provider's, its partner API's. Compared by host (lower case, as written: localhost and 127.0.0.1 are two) and
   * port (the scheme's default when none). None when omitted: every other target on this machine is refused.
   */
  loopbackAllowed?: string[];
  /**
   * URLs whose host and port are never connected to, and whose requests are not counted as refusals: the redirect
   * URI, whose request the browser's caller reads (the code in its query) but which must not reach the brand.
   */
  quietlyRefused?: string[];
}

export interface GuardProxy {
  /** The proxy's address for Chromium's --proxy-server (http://127.0.0.1:port). */
  url: string;
  /** The refusals so far (each target and reason once, the first 50), live. */
  readonly refusals: readonly GuardProxyRefusal[];
  /** Stops listening and destroys every open connection (tunnels included). */
  close(): Promise<void>;
}

const MAX_REFUSALS = 50;
const CONNECT_TIMEOUT_MS = 10_000;
/** Headers of one hop only (RFC 9110 7.6.1), never passed on. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "proxy-authenticate",
  "proxy-authorization",
  "te",
  "trailer",
  "transfer-encoding",
  "upgrade",
]);
/** A CONNECT target as browsers send it: host:port, an IPv6 address in brackets. */
const AUTHORITY = /^(?:\[[0-9a-f:.]+\]|[^\s/?#@[\]:]+):\d{1,5}$/i;
/** The 400 of a request the proxy cannot read. */
const BAD_REQUEST = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";

type Verdict = { addresses: string[]; port: number } | { refused: string } | { unreachable: string };

/**
 * An HTTP proxy on 127.0.0.1 applying the outbound rules of lib/http/outbound.ts to every request a browser makes
 * through it, redirects included (a browser's request interception does not see those): https tunnels (CONNECT) only
 * to hosts whose every address is public (loopback under the development switch), plain http only to this machine
 * under the switch. A tunnel or request connects to the very address that was checked (no second DNS resolution, so
 * no rebinding between check and connection), and the proxy follows no redirect itself. A refusal is a 403.
 */
export async function startGuardProxy(opts: GuardProxyOptions): Promise<GuardProxy> {
  const rules = { allowLoopback: opts.allowLoopback };
  const refusals: GuardProxyRefusal[] = [];
  const sockets = new Set<net.Socket>();
  const quiet = new Set((opts.quietlyRefused ?? []).map(originKey));
  const loopbackAllowed = new Set(((opts.allowLoopback && opts.loopbackAllowed) || []).map(originKey));
  let closed = false;

  const track = (socket: net.Socket) => {
    if (closed) return void socket.destroy();
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  };

  const refuse = (target: string, reason: string) => {
    if (refusals.length >= MAX_REFUSALS || refusals.some((r) => r.target === target && r.reason === reason)) return;
    refusals.push({ target, reason });
    log.info({ target, reason }, "guard proxy: refused");
  };

  /** Judges a target by the outbound rules: the address to connect to, or why not. */
  const judge = async (url: URL): Promise<Verdict> => {
    const host = url.hostname.replace(/^\[|\]$/g, "");
    const port = Number(url.port) || defaultPort(url.protocol);
    const key = targetKey(url);
    if (quiet.has(key)) return { refused: "" };
    // An IP address is judged as such first: "a metadata address" says more than "must use https".
    if (net.isIP(host)) {
      const problem = addressProblem(host, rules);
      if (problem) return { refused: problem };
    }
    const nameProblem = idpUrlProblem(url.href, rules);
    if (nameProblem) return { refused: nameProblem };
    let addresses: string[];
    if (net.isIP(host)) addresses = [host];
    // localhost and *.localhost are this machine by definition (RFC 6761), as in the browser; allowed only under the
    // development switch (idpUrlProblem above), and still judged address by address below.
    else if (isLoopbackHost(host)) addresses = ["127.0.0.1", "::1"];
    else {
      try {
        addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
      } catch {
        return { unreachable: "does not resolve" };
      }
    }
    const problem = addresses.map((a) => addressProblem(a, rules)).find(Boolean);
    if (problem) return { refused: `resolves to an address that ${problem}` };
    // The development switch opens this machine to the local provider only, not to every service listening on it.
    if (addresses.some((a) => isLoopbackHost(a)) && !loopbackAllowed.has(key))
      return {
        refused:
          "is this machine, at an origin the development switch does not open" +
          (loopbackAllowed.size ? ` (only ${[...loopbackAllowed].join(", ")})` : ""),
      };
    return { addresses, port };
  };

  /** Connects to the first of the checked addresses that answers: IP addresses, so nothing is resolved again. */
  const connect = (addresses: string[], port: number): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      let next = 0;
      const attempt = (lastError?: Error) => {
        const address = addresses[next++];
        if (address === undefined || closed) return reject(lastError ?? new Error("proxy closed"));
        const socket = net.connect({ host: address, port });
        track(socket);
        const timer = setTimeout(() => socket.destroy(new Error("no connection in time")), CONNECT_TIMEOUT_MS);
        const failed = (e: Error) => {
          clearTimeout(timer);
          socket.destroy();
          attempt(e);
        };
        socket.once("error", failed);
        socket.once("connect", () => {
          clearTimeout(timer);
          socket.removeListener("error", failed);
          resolve(socket);
        });
      };
      attempt();
    });

  const server = http.createServer();
  server.on("connection", track);
  // A request the parser cannot read (a bad request line, a header too large): a 400, then closed.
  server.on("clientError", (_e, socket: net.Socket) => {
    if (socket.writable && !socket.destroyed) socket.end(BAD_REQUEST);
    else socket.destroy();
  });

  // https and wss: a tunnel to the checked address; TLS stays end to end between the browser and the server.
  server.on("connect", (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on("error", () => client.destroy());
    const target = req.url ?? "";
    const answer = (status: string) =>
      client.end(`HTTP/1.1 ${status}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
    const url = AUTHORITY.test(target) ? parse(`https://${target}/`) : undefined;
    if (!url) return answer("400 Bad Request");
    let established = false;
    const open = async () => {
      const verdict = await judge(url);
      if ("refused" in verdict) {
        if (verdict.refused) refuse(target, verdict.refused);
        return answer("403 Forbidden");
      }
      if ("unreachable" in verdict) return answer("502 Bad Gateway");
      let upstream: net.Socket;
      try {
        upstream = await connect(verdict.addresses, verdict.port);
      } catch {
        return answer("502 Bad Gateway");
      }
      if (client.destroyed) return void upstream.destroy();
      upstream.on("error", () => client.destroy());
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      established = true;
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    };
    // Whatever goes wrong unforeseen, the client is answered (or its tunnel closed): never left hanging.
    open().catch(() => (established ? client.destroy() : answer("502 Bad Gateway")));
  });

  // Plain http (absolute-URI requests): only to this machine under the development switch, forwarded as it is.
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    // Not an absolute URI (not a proxy request), a malformed one, or a port out of range: a 400.
    const url = parse(req.url ?? "");
    const deny = (status: number, text: string) =>
      res.headersSent
        ? res.destroy()
        : res.writeHead(status, { "content-type": "text/plain; charset=utf-8", connection: "close" }).end(text);
    if (!url || url.protocol !== "http:") return deny(400, "This proxy forwards http:// requests only.\n");
    const target = `${url.origin}${url.pathname}`; // without the query: it may carry a code
    void judge(url)
      .then(async (verdict) => {
        if ("refused" in verdict) {
          if (verdict.refused) refuse(target, verdict.refused);
          return deny(
            403,
            `Refused by the outbound guard${verdict.refused ? `: ${target} ${verdict.refused}` : ""}.\n`,
          );
        }
        if ("unreachable" in verdict) return deny(502, `${url.hostname} ${verdict.unreachable}.\n`);
        let socket: net.Socket;
        try {
          socket = await connect(verdict.addresses, verdict.port);
        } catch {
          return deny(502, `${url.host} could not be reached.\n`);
        }
        const headers: http.OutgoingHttpHeaders = { ...endToEnd(req.headers), connection: "close" };
        const outgoing = http.request(
          {
            method: req.method,
            path: `${url.pathname}${url.search}`,
            headers,
            setHost: false,
            createConnection: () => socket,
          },
          (incoming) => {
            res.writeHead(incoming.statusCode ?? 502, incoming.statusMessage, endToEnd(incoming.headers));
            incoming.pipe(res);
            incoming.on("error", () => res.destroy());
          },
        );
        outgoing.on("error", () => deny(502, `${url.host} failed.\n`));
        res.on("close", () => outgoing.destroy());
        req.pipe(outgoing);
      })
      .catch(() => deny(502, `${url.host} failed.\n`));
  });

  // A plain-http Upgrade (browsers tunnel WebSockets with CONNECT instead): not forwarded.
  server.on("upgrade", (_req: http.IncomingMessage, socket: net.Socket) =>
    socket.end("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
  );

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}

/** The headers meant for the other end: without those of one hop, and those the Connection header names. */
function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? "")
      .split(",")
      .map((t) => t.trim().toLowerCase()),
  );
  const kept: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers))
    if (!HOP_BY_HOP.has(name) && !named.has(name) && value !== undefined) kept[name] = value;
  return kept;
}

/** A URL, or undefined when it does not parse or its port is 0 (the parser refuses those above 65535 itself). */
function parse(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.port === "0" ? undefined : url;
  } catch {
    return undefined;
  }
}
