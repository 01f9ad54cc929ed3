"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useRef } from "react";

interface Option {
  value: string;
  label: string;
}

/** A partner link's parameters (preferences and click tracking): not carried back to the page. */
const LINK_PARAMS = [
  "lang",
  "curr",
  "forceLanguageChange",
  "forceCurrencyChange",
  "source",
  "label",
  "anonymousId",
  "sig",
];

/**
 * The language and currency switchers: a plain GET form to /preferences (proxy.ts saves the choice and returns to
 * this page), submitted as soon as a value changes; without JavaScript the button submits it.
 */
export function PreferencesForm(props: {
  action: string;
  language: { label: string; value: string; options: Option[] };
  currency: { label: string; value: string; options: Option[] };
  submitLabel: string;
}) {
  const form = useRef<HTMLFormElement>(null);
  const pathname = usePathname();
  const query = useSearchParams();
  // Back to this page without the link parameters that would override the new choice.
  const rest = new URLSearchParams(query);
  for (const k of LINK_PARAMS) rest.delete(k);
  const back = rest.size ? `${pathname}?${rest}` : pathname;
  const submit = () => form.current?.requestSubmit();
  return (
    <form ref={form} className="preferences" method="get" action={props.action}>
      <input type="hidden" name="return" value={back} />
      <Choice name="lang" {...props.language} onChange={submit} />
      <Choice name="curr" {...props.currency} onChange={submit} />
      <noscript>
        <button type="submit">{props.submitLabel}</button>
      </noscript>
    </form>
  );
}

function Choice(props: { name: string; label: string; value: string; options: Option[]; onChange: () => void }) {
  return (
    <label>
      <span>{props.label}</span>
      <select name={props.name} defaultValue={props.value} onChange={props.onChange}>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}
