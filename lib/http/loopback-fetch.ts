import http from "node:http";

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * fetch for a server on this machine reached under a brand's host name: connects to 127.0.0.1 at the URL's port and
 * sends the URL's host in the Host header (Node's resolver does not know *.localhost, and fetch cannot set Host).
 * Plain HTTP, bodies read whole: for the tests' and benchmarks' clients (the MCP SDK's takes a fetch).
 */
export async function loopbackFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  // The signal goes to the socket only: a Request made with it would leave a listener on a signal the MCP client
  // keeps for a whole session (one per call).
  const { signal, ...rest } = init ?? {};
  const request = new Request(input, rest);
  const url = new URL(request.url);
  if (url.protocol !== "http:") throw new Error(`loopbackFetch: http only, not ${url.protocol}`);
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const headers: Record<string, string> = Object.fromEntries(request.headers);
  headers.host = url.host;
  if (body) headers["content-length"] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: "127.0.0.1",
        port: url.port || 80,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers,
        signal: signal ?? undefined,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            if (value === undefined) continue;
            for (const v of Array.isArray(value) ? value : [value]) out.append(name, v);
          }
          const status = res.statusCode ?? 500;
          const empty = status === 204 || status === 304 || request.method === "HEAD";
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: out }));
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
