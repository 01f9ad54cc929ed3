import fs from "node:fs";
import path from "node:path";

/**
 * schema.org's vocabulary, offline: the N-Quads dump shipped by @zazuko/rdf-vocabularies (2023.1.19, its
 * ontologies/schema.nq: schema.org as of October 2022). Classes, their supertypes, and each property's domains and
 * ranges (domainIncludes / rangeIncludes).
 */
const S = "http://schema.org/";
const RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
const RDFS_CLASS = "http://www.w3.org/2000/01/rdf-schema#Class";
const SUBCLASS = "http://www.w3.org/2000/01/rdf-schema#subClassOf";
const RDF_PROPERTY = "http://www.w3.org/1999/02/22-rdf-syntax-ns#Property";

export interface Vocabulary {
  classes: Set<string>;
  supers: Map<string, Set<string>>;
  properties: Map<string, { domains: Set<string>; ranges: Set<string> }>;
}

export function loadVocabulary(): Vocabulary {
  // Not in the package's exports: read from the installed package's folder.
  const file = path.join(process.cwd(), "node_modules", "@zazuko", "rdf-vocabularies", "ontologies", "schema.nq");
  const v: Vocabulary = { classes: new Set(), supers: new Map(), properties: new Map() };
  const prop = (p: string) => {
    let e = v.properties.get(p);
    if (!e) v.properties.set(p, (e = { domains: new Set(), ranges: new Set() }));
    return e;
  };
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const m = /^<([^>]+)> <([^>]+)> <([^>]+)>/.exec(line);
    if (!m) continue;
    const [, s, p, o] = m as unknown as [string, string, string, string];
    if (!s.startsWith(S)) continue;
    const name = s.slice(S.length);
    const target = o.startsWith(S) ? o.slice(S.length) : o;
    if (p === RDF_TYPE && (o === RDFS_CLASS || o === `${S}DataType`)) v.classes.add(name);
    else if (p === RDF_TYPE && o === RDF_PROPERTY) prop(name);
    else if (p === SUBCLASS) v.supers.set(name, (v.supers.get(name) ?? new Set()).add(target));
    else if (p === `${S}domainIncludes`) prop(name).domains.add(target);
    else if (p === `${S}rangeIncludes`) prop(name).ranges.add(target);
  }
  return v;
}

/** A type and all its supertypes. */
function ancestry(v: Vocabulary, type: string): Set<string> {
  const out = new Set<string>();
  const walk = (t: string) => {
    if (out.has(t)) return;
    out.add(t);
    for (const s of v.supers.get(t) ?? []) walk(s);
  };
  walk(type);
  return out;
}

const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?$/;

/** Whether a literal fits one of the data types of a range. */
function literalFits(v: Vocabulary, value: string | number | boolean, ranges: Set<string>): boolean {
  const expanded = new Set([...ranges].flatMap((r) => [...descendants(v, r)]));
  if (typeof value === "boolean") return expanded.has("Boolean");
  if (typeof value === "number") return expanded.has("Number") || expanded.has("Float") || expanded.has("Integer");
  if (expanded.has("URL") && /^https?:\/\/[^\s]+$/.test(value)) return true;
  if (expanded.has("Time") && TIME.test(value)) return true;
  if (expanded.has("Text")) return true;
  return false;
}

function descendants(v: Vocabulary, type: string): Set<string> {
  const out = new Set([type]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [t, supers] of v.supers)
      if (!out.has(t) && [...supers].some((s) => out.has(s))) {
        out.add(t);
        grew = true;
      }
  }
  return out;
}

/**
 * The problems of a JSON-LD node against the vocabulary: unknown @type, a property not defined for the type or its
 * supertypes, a value whose type is not in the property's range. Empty when it validates.
 */
export function validateNode(v: Vocabulary, node: Record<string, unknown>, at = "$"): string[] {
  const problems: string[] = [];
  const type = node["@type"];
  if (typeof type !== "string" || !v.classes.has(type)) return [`${at}: unknown @type ${String(type)}`];
  const types = ancestry(v, type);
  for (const [key, raw] of Object.entries(node)) {
    if (key.startsWith("@")) continue;
    const p = v.properties.get(key);
    if (!p) {
      problems.push(`${at}.${key}: no such property`);
      continue;
    }
    if (![...p.domains].some((d) => types.has(d))) problems.push(`${at}.${key}: not a property of ${type}`);
    for (const [i, value] of (Array.isArray(raw) ? raw : [raw]).entries()) {
      const here = Array.isArray(raw) ? `${at}.${key}[${i}]` : `${at}.${key}`;
      if (value && typeof value === "object") {
        const inner = value as Record<string, unknown>;
        const innerType = String(inner["@type"]);
        if (![...p.ranges].some((r) => ancestry(v, innerType).has(r)))
          problems.push(`${here}: ${innerType} is not in the range of ${key}`);
        problems.push(...validateNode(v, inner, here));
      } else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
        if (!literalFits(v, value, p.ranges)) problems.push(`${here}: ${JSON.stringify(value)} does not fit ${key}`);
      } else problems.push(`${here}: unexpected value`);
    }
  }
  return problems;
}
