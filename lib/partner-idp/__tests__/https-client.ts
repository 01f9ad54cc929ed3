import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";

/**
 * A small HTTPS client for the tests: trusts the IdP's local CA, never follows redirects, and keeps cookies like a
 * browser would (by name and path), so that the tests walk the same redirects a browser does.
 */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  location?: string;
  setCookies: string[];
}

interface StoredCookie {
  value: string;
  path: string;
}

export class Browser {
  readonly cookies = new Map<string, StoredCookie>();
  private readonly ca: string;

  constructor(caFile: string) {
    this.ca = fs.readFileSync(caFile, "utf8");
  }

  private cookieHeader(path: string): string | undefined {
    const matches = (p: string) => p === "/" || path === p || path.startsWith(`${p}/`);
    const pairs = [...this.cookies].filter(([, c]) => matches(c.path));
    return pairs.length ? pairs.map(([name, c]) => `${name}=${c.value}`).join("; ") : undefined;
  }

  private store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(";").map((s) => s.trim());
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const path = attrs.find((a) => a.toLowerCase().startsWith("path="))?.slice(5) ?? "/";
      const expired = attrs.some(
        (a) => a.toLowerCase().startsWith("expires=") && new Date(a.slice(8)).getTime() < Date.now(),
      );
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  request(
    method: string,
    url: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer; cookies?: boolean } = {},
  ): Promise<Reply> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...opts.headers };
    const cookie = opts.cookies === false ? undefined : this.cookieHeader(target.pathname);
    if (cookie) headers.cookie = cookie;
    if (opts.body !== undefined) headers["content-length"] = String(Buffer.byteLength(opts.body));
    return new Promise((resolve, reject) => {
      const req = https.request(target, { method, headers, ca: this.ca }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const setCookies = res.headers["set-cookie"] ?? [];
          if (opts.cookies !== false) this.store(setCookies);
          const location = res.headers.location;
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString("utf8"),
            location: location ? new URL(location, url).href : undefined,
            setCookies,
          });
        });
      });
      req.on("error", reject);
      req.end(opts.body);
    });
  }

  get(url: string, opts: { headers?: Record<string, string>; cookies?: boolean } = {}): Promise<Reply> {
    return this.request("GET", url, opts);
  }

  postForm(url: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Reply> {
    return this.request("POST", url, {
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form).toString(),
    });
  }
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

export function authorizeUrl(
  issuer: string,
  p: {
    clientId: string;
    redirectUri: string;
    state: string;
    nonce: string;
    challenge?: string;
    prompt?: string;
    responseType?: string;
  },
): string {
  const q = new URLSearchParams({
    response_type: p.responseType ?? "code",
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    scope: "openid email profile",
    state: p.state,
    nonce: p.nonce,
  });
  if (p.challenge) {
    q.set("code_challenge", p.challenge);
    q.set("code_challenge_method", "S256");
  }
  if (p.prompt) q.set("prompt", p.prompt);
  return `${issuer}/authorize?${q}`;
}
