"use client";

import { useEffect } from "react";

/**
 * Highlights together every element of one container that carries the same data-map-key (a result's list card and
 * its map marker) while the pointer is over one of them or one of them has the keyboard focus: data-active on all
 * of them, CSS does the rest. Renders nothing; listens once on the container.
 */
export function MapSync({ containerId }: { containerId: string }) {
  useEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return;
    let active: string | undefined;
    const set = (key: string | undefined) => {
      if (key === active) return;
      for (const el of container.querySelectorAll("[data-active]")) el.removeAttribute("data-active");
      active = key;
      if (key)
        for (const el of container.querySelectorAll(`[data-map-key="${CSS.escape(key)}"]`))
          el.setAttribute("data-active", "");
    };
    const keyOf = (target: EventTarget | null) =>
      target instanceof Element
        ? (target.closest("[data-map-key]")?.getAttribute("data-map-key") ?? undefined)
        : undefined;
    const enter = (e: Event) => set(keyOf(e.target));
    const leave = (e: Event) => {
      const next = (e as FocusEvent | PointerEvent).relatedTarget;
      set(next instanceof Node && container.contains(next) ? keyOf(next) : undefined);
    };
    container.addEventListener("pointerover", enter);
    container.addEventListener("pointerout", leave);
    container.addEventListener("focusin", enter);
    container.addEventListener("focusout", leave);
    return () => {
      container.removeEventListener("pointerover", enter);
      container.removeEventListener("pointerout", leave);
      container.removeEventListener("focusin", enter);
      container.removeEventListener("focusout", leave);
    };
  }, [containerId]);
  return null;
}
