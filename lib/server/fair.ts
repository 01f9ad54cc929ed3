import type http from "node:http";
import { brands, type Brand } from "@/lib/brands/node";
import { config } from "@/lib/config";
import {
  isLoopbackAddress,
  loggedAddress,
  AppError,
  errorResponse,
  escapeHtml,
  type RequestFacts,
  STATIC_CONTENT_SECURITY_POLICY,
} from "@/lib/http/node";
import { admitCostly, costlyRequest, type CostlyRequest } from "@/lib/limits";
import { log } from "@/lib/log";

/**
 * The page a refused page request gets: small and static (a refusal must cost far less than the page it stands for),
 * in the brand's colours with its name and logo; nothing runs on it.
 */
export function busyPage(brand: Brand | undefined, retryAfter: number): string {
  const name = escapeHtml(brand?.displayName ?? "Hotels");
  const c = brand?.theme.colours ?? { primary: "#1f4e79", background: "#ffffff", text: "#1a1a1a", accent: "#1f4e79" };
  const logo = brand ? `<img src="${escapeHtml(brand.theme.logo)}" alt="" width="128" height="32">` : "";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Too many requests · ${name}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:${c.background};color:${c.text}}header{padding:12px 24px;border-bottom:4px solid ${c.primary};display:flex;gap:12px;align-items:center}main{padding:24px;max-width:40rem}a{color:${c.accent}}</style>
</head><body><header>${logo}<strong>${name}</strong></header>
<main><h1>Too many requests</h1><p>Your network has sent more requests than we can answer for now. Please wait ${retryAfter} second${retryAfter === 1 ? "" : "s"}, then reload the page.</p><p><a href="/">Home</a></p></main>
</body></html>`;
}

let warnedOfProxy = false;
/**
 * A proxy on this machine that TRUSTED_PROXY_HOPS does not declare: its visitors all come from this machine, which the
 * costly routes' limits leave alone (monitoring, the demo), so none of them is limited. Said once, loudly.
 */
function warnOfUndeclaredProxy(facts: RequestFacts): void {
  if (warnedOfProxy || !facts.forwarded || !isLoopbackAddress(facts.address) || config().TRUSTED_PROXY_HOPS > 0) return;
  warnedOfProxy = true;
  log.warn(
    "a proxy on this machine forwards requests, but TRUSTED_PROXY_HOPS is 0: every visitor counts as this machine, which fair-use limits leave alone; set TRUSTED_PROXY_HOPS to the proxies in front",
  );
}

/** When each client's refusals were last logged: once a minute, so that a flood of refusals is not a flood of logs. */
const lastLogged = new Map<string, number>();
function firstRefusal(request: CostlyRequest): boolean {
  const id = `${request.route}:${request.counter}`;
  const now = Date.now();
  if (now - (lastLogged.get(id) ?? 0) < 60_000) return false;
  if (lastLogged.size >= 10_000) lastLogged.clear();
  lastLogged.set(id, now);
  return true;
}

/** The 429 of a refused costly request: the JSON error of the API, or the brand's small page; Retry-After either way. */
function refusal(req: http.IncomingMessage, request: CostlyRequest, retryAfter: number): Response {
  const headers = { "Retry-After": String(retryAfter), "Cache-Control": "no-store" };
  if (request.route !== "pages" || /^\/api\//.test(req.url ?? "")) {
    const message =
      request.route === "nearby"
        ? `This partner key has used its share of the service for now. Please wait ${retryAfter} s, then try again.`
        : `Your network has used its share of the service for now. Please wait ${retryAfter} s, then try again.`;
    return errorResponse(new AppError({ code: "RATE_LIMITED", message, details: { limit: request.route } }), headers);
  }
  return new Response(busyPage(brands().forHost(req.headers.host), retryAfter), {
    status: 429,
    headers: {
      ...headers,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": STATIC_CONTENT_SECURITY_POLICY,
    },
  });
}

/**
 * The costly routes' fair-use check at the edge (lib/limits/fairness.ts): undefined when the request may go on (its
 * place is given back when its response ends), else the 429 to send. A request of another route passes at once.
 */
export async function fairUse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  facts: RequestFacts,
): Promise<Response | undefined> {
  warnOfUndeclaredProxy(facts);
  const key = req.headers["x-partner-key"];
  const request = costlyRequest(req.method, req.url ?? "/", Array.isArray(key) ? key[0] : key, facts.address);
  if (!request) return undefined;
  const gone = new AbortController();
  const onClose = () => gone.abort();
  res.once("close", onClose);
  const admission = await admitCostly(request, gone.signal);
  res.off("close", onClose);
  if (admission.allowed) {
    // The client may have gone in the moment its turn came: its place is given back at once.
    if (res.destroyed || res.writableEnded) admission.release();
    else res.once("close", admission.release);
    return undefined;
  }
  if (admission.reason === "gone") return refusal(req, request, admission.retryAfter);
  // Held a moment before it is sent: a flood's connections then wait instead of asking again at once.
  const delay = Math.min(config().FAIR_REFUSAL_DELAY_MS, admission.retryAfter * 1000);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  if (firstRefusal(request)) {
    log.info(
      { route: request.route, reason: admission.reason, network: loggedAddress(facts.address) },
      "requests refused: fair-use limit (logged once a minute per client)",
    );
  }
  return refusal(req, request, admission.retryAfter);
}
