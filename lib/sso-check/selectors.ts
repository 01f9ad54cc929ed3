import { parse, type Selector } from "css-what";
import type { LoginSelectors, StepSelectors } from "./input";

/** How many pages (or changes of one page) the login driver acts on before it gives up: a loop ends. */
export const MAX_LOGIN_STEPS = 8;
/** The longest selector taken (the operators' form and the command alike). */
export const MAX_SELECTOR_LENGTH = 300;

const FIELDS = ["username", "password", "submit"] as const;
const NAME = /^[a-z][a-z0-9-]*$/i;

/** Every simple selector of a parsed list, those inside :not(), :has()… included. */
function* simple(list: Selector[][]): Generator<Selector> {
  for (const compound of list)
    for (const s of compound) {
      yield s;
      if (s.type === "pseudo" && Array.isArray(s.data)) yield* simple(s.data);
    }
}

/**
 * Why a login-form selector cannot be used, or undefined: it must be CSS (with Playwright's pseudo-classes such as
 * :has-text() and :visible), since the login driver joins it with its own. Playwright's other engines (`text=…`,
 * `xpath=…`, `>>` chains) are refused here rather than misread on the partner's page.
 */
export function selectorProblem(css: string): string | undefined {
  if (css.length > MAX_SELECTOR_LENGTH) return `at most ${MAX_SELECTOR_LENGTH} characters`;
  let parsed: Selector[][];
  try {
    parsed = parse(css);
  } catch (e) {
    return `${JSON.stringify(css)} is not a CSS selector (${(e as Error).message})`;
  }
  if (!parsed.length || parsed.some((compound) => !compound.length)) return "is empty";
  for (const s of simple(parsed))
    if ((s.type === "tag" || s.type === "pseudo" || s.type === "pseudo-element") && !NAME.test(s.name))
      return `${JSON.stringify(css)} is not a CSS selector (${JSON.stringify(s.name)} is not a name; Playwright's text= or xpath= are not taken: use CSS, :has-text("…") for a button's words)`;
  return undefined;
}

/** The form's selectors checked: the first problem as "field: problem", or undefined. */
export function selectorsProblem(
  selectors: LoginSelectors,
): { field: keyof LoginSelectors; problem: string } | undefined {
  for (const field of FIELDS) {
    const css = selectors[field];
    const problem = css === undefined ? undefined : selectorProblem(css);
    if (problem) return { field, problem };
  }
  return undefined;
}

/**
 * Selectors per step of the login driver, each entry written `STEP:FIELD=CSS` (`2:submit=button.share`): the
 * command's repeated --step-selector, the operators' form's lines. Throws an Error saying which entry is wrong and
 * why.
 */
export function parseStepSelectors(entries: string[]): StepSelectors[] {
  const steps = new Map<number, StepSelectors>();
  for (const raw of entries) {
    const entry = raw.trim();
    if (!entry) continue;
    const shown = JSON.stringify(entry.length > 60 ? `${entry.slice(0, 60)}…` : entry);
    const m = /^(\d{1,3})\s*:\s*([a-z]+)\s*=\s*([^]+)$/i.exec(entry);
    if (!m) throw new Error(`${shown}: write STEP:FIELD=CSS, e.g. 2:submit=button.allow`);
    const step = Number(m[1]);
    const field = m[2]!.toLowerCase() as (typeof FIELDS)[number];
    const css = m[3]!.trim();
    if (step < 1 || step > MAX_LOGIN_STEPS)
      throw new Error(
        `${shown}: the step is 1 to ${MAX_LOGIN_STEPS} (the login driver takes at most ${MAX_LOGIN_STEPS})`,
      );
    if (!FIELDS.includes(field)) throw new Error(`${shown}: the field is username, password or submit`);
    const problem = selectorProblem(css);
    if (problem) throw new Error(`${shown}: ${problem}`);
    const at = steps.get(step) ?? { step };
    if (at[field] !== undefined) throw new Error(`${shown}: step ${step} names its ${field} twice`);
    at[field] = css;
    steps.set(step, at);
  }
  return [...steps.values()].sort((a, b) => a.step - b.step);
}
