import type { z } from "zod";
import { type Brand, brandCurrency, brandLanguage } from "@/lib/brands/node";
import { AppError } from "@/lib/http/node";
import type { Language } from "@/lib/locale";

/** What a tool call knows besides its arguments: the brand whose host was called and the request's `_meta`. */
export interface CallContext {
  brand: Brand;
  meta: Record<string, unknown> | undefined;
}

/** A tool's answer: structuredContent (matching its output schema) and a short text rendering of it. */
export interface ToolAnswer<T> {
  structured: T;
  text: string;
}

/** One tool: its schemas, words for the model, and what it does (lib/mcp/server.ts registers them). */
export interface ToolDefinition<I extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: I;
  output: O;
  run(args: z.infer<I>, ctx: CallContext): Promise<ToolAnswer<z.infer<O>>>;
}

export const defineTool = <I extends z.ZodObject, O extends z.ZodObject>(tool: ToolDefinition<I, O>) => tool;

export interface Visitor {
  language: Language;
  currency: string;
}

function metaValue(meta: Record<string, unknown> | undefined, name: string): string | undefined {
  const v = meta?.[name];
  return typeof v === "string" ? v : undefined;
}

/**
 * The visitor's language and currency: the tool's arguments, else the request's `_meta` (`language`, `currency`),
 * else the brand's defaults. An argument the brand does not offer is a tool error naming it (the model can correct
 * it); a `_meta` value it does not offer is ignored (a client sets those for every call, not for this brand).
 */
export function visitorOf(ctx: CallContext, args: { language?: string; currency?: string }): Visitor {
  const { brand } = ctx;
  const language = offered("language", args.language, (v) => brandLanguage(brand, v), brand.languages.supported);
  const currency = offered("currency", args.currency, (v) => brandCurrency(brand, v), brand.currencies.supported);
  return {
    language: language ?? brandLanguage(brand, metaValue(ctx.meta, "language")) ?? brand.languages.default,
    currency: currency ?? brandCurrency(brand, metaValue(ctx.meta, "currency")) ?? brand.currencies.default,
  };
}

/** An argument's value as the brand offers it; undefined when not given; a tool error naming it when not offered. */
function offered<T>(
  field: string,
  value: string | undefined,
  lookup: (v: string) => T | undefined,
  supported: readonly string[],
): T | undefined {
  if (value === undefined) return undefined;
  const found = lookup(value);
  if (found === undefined) {
    throw new AppError({
      code: "INVALID_FIELD",
      field,
      message: `${field} "${value}" is not offered here; use one of: ${supported.join(", ")}`,
    });
  }
  return found;
}

/** A link to a page of the brand's site, carrying the brand's partner source and the visitor's language and currency. */
export function brandLink(brand: Brand, path: string, visitor: Visitor, params: Record<string, string> = {}): string {
  const q = new URLSearchParams(params);
  q.set("lang", visitor.language);
  q.set("curr", visitor.currency);
  q.set("source", brand.partner.source);
  return `${brand.canonicalUrl}${path}?${q}`;
}
