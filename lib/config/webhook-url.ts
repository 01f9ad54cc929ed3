import { configuredUrl, isLoopbackHost } from "./net";

/**
 * Why the alerts' webhook URL may not be called, or undefined when it may: https; plain http only to this machine
 * and only under the development switch (SYNC_ALERT_DEV_ALLOW_LOOPBACK), as for every outbound request
 * (lib/http/outbound.ts, whose guarded request also refuses private and reserved addresses when it connects).
 */
export function webhookUrlProblem(value: string, opts: { allowLoopback: boolean }): string | undefined {
  const url = configuredUrl(value);
  if (typeof url === "string") return url;
  const loopback = isLoopbackHost(url.hostname);
  if (loopback && !opts.allowLoopback)
    return "names this machine: allowed only with the development switch SYNC_ALERT_DEV_ALLOW_LOOPBACK=true";
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:") return loopback ? undefined : "must use https (plain http only to this machine)";
  return "must use https";
}
