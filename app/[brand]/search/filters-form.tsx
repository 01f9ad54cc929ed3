"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";

/**
 * The results' sort and filters: a plain GET form to the results page that applies each change at once (a client
 * navigation to the form's query, back to page 1, empty choices left out); without JavaScript its button submits it.
 */
export function FiltersForm(props: { action: string; submitLabel: string; children: React.ReactNode }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <form
      className="filters"
      method="get"
      action={props.action}
      aria-busy={pending || undefined}
      onChange={(e) => {
        const query = new URLSearchParams();
        for (const [k, v] of new FormData(e.currentTarget)) if (typeof v === "string" && v !== "") query.append(k, v);
        startTransition(() => router.push(`${props.action}?${query}`, { scroll: false }));
      }}
    >
      {props.children}
      <noscript>
        <button type="submit">{props.submitLabel}</button>
      </noscript>
    </form>
  );
}
