import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import { CookieJar } from "tough-cookie";

/**
 * A small HTTPS client for the tests: trusts the IdP's local CA, never follows redirects, and keeps cookies like a
 * browser would (tough-cookie), so that the tests walk the same redirects a browser does.
 */
export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  location?: string;
  setCookies: string[];
}

export class Browser {
  private readonly jar = new CookieJar();
  private readonly ca: string;

  constructor(caFile: string) {
    this.ca = fs.readFileSync(caFile, "utf8");
  }

  request(
    method: string,
    url: string,
    opts: { headers?: Record<string, string>; body?: string | Buffer; cookies?: boolean } = {},
  ): Promise<Reply> {
    const target = new URL(url);
    const headers: Record<string, string> = { ...opts.headers };
    const cookie = opts.cookies === false ? undefined : this.jar.getCookieStringSync(url);
    if (cookie) headers.cookie = cookie;
    if (opts.body !== undefined) headers["content-length"] = String(Buffer.byteLength(opts.body));
    return new Promise((resolve, reject) => {
      const req = https.request(target, { method, headers, ca: this.ca }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const setCookies = res.headers["set-cookie"] ?? [];
          if (opts.cookies !== false) for (const c of setCookies) this.jar.setCookieSync(c, url, { ignoreError: true });
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
