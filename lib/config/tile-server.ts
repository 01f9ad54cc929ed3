import { configuredUrl, isLoopbackHost } from "./net";
import { tileUrl, type TileServer } from "./tile-url";

/**
 * Why a tile URL template may not be used, or undefined when it may: {z}, {x} and {y} each present, no other
 * placeholder, https (plain http only on this machine: a development or test tile server), no credentials, no fragment.
 */
export function tileTemplateProblem(template: string): string | undefined {
  for (const p of ["{z}", "{x}", "{y}"]) if (!template.includes(p)) return `must contain ${p}`;
  const sample = tileUrl(template, 1, 2, 3);
  if (/[{}]/.test(sample)) return "may contain only the placeholders {z}, {x} and {y}";
  const url = configuredUrl(sample);
  if (typeof url === "string") return url;
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && isLoopbackHost(url.hostname)) return undefined;
  return "must be an https URL (plain http only for a tile server on this machine)";
}

/** Why an attribution link may not be shown, or undefined: https (or http), no credentials, no fragment. */
export function attributionUrlProblem(value: string): string | undefined {
  const url = configuredUrl(value);
  if (typeof url === "string") return url;
  return url.protocol === "https:" || url.protocol === "http:" ? undefined : "must be an https or http URL";
}

/** The origin tiles come from (for the page's img-src), from a template tileTemplateProblem() accepted. */
export function tileOrigin(template: string): string {
  return new URL(tileUrl(template, 0, 0, 0)).origin;
}

export type { TileServer };
