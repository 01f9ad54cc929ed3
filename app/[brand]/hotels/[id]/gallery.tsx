"use client";

import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { format, type Message } from "@/lib/i18n/client";

export interface GalleryImage {
  src: string;
  srcSet?: string;
  /** The largest version: where the link goes without script. */
  large: string;
  alt: string;
  /** The language of the alt text and the caption when it is not the page's (an English fallback). */
  lang?: string;
  caption?: string;
  categories: string[];
}

export interface GalleryLabels {
  photos: string;
  dialog: string;
  close: string;
  previous: string;
  next: string;
  /** "{index} / {total}", numbers in the page's language */
  counter: Message<{ index: number; total: number }>;
}

/** What each image is drawn at (globals.css .gallery: 4 columns, the hero 2; 2 columns up to 760 px). */
const HERO_SIZES = "(max-width: 760px) 100vw, min(50vw, 560px)";
const THUMB_SIZES = "(max-width: 760px) 50vw, min(25vw, 280px)";
const LIGHTBOX_SIZES = "100vw";

const FOCUSABLE = "button:not([disabled]), a[href], [tabindex]:not([tabindex='-1'])";

/**
 * The hotel's photos. Each one is a link to its largest version, so without script the gallery still opens every
 * image; with script a click opens a modal lightbox (a dialog: focus kept inside, Escape closes and returns focus to
 * the photo opened, arrow keys move, a counter and the caption shown).
 */
export function Gallery({ images, labels }: { images: GalleryImage[]; labels: GalleryLabels }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const [index, setIndex] = useState<number | null>(null);
  const total = images.length;

  const open = (i: number, e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return; // a new tab: the plain link
    e.preventDefault();
    opener.current = e.currentTarget;
    setIndex(i);
  };
  const move = useCallback((by: number) => setIndex((i) => (i === null ? i : (i + by + total) % total)), [total]);

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (index !== null && !d.open) d.showModal();
    if (index === null && d.open) d.close();
  }, [index]);

  const onClose = () => {
    setIndex(null);
    opener.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === "ArrowRight") {
      e.preventDefault();
      move(1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      move(-1);
    } else if (e.key === "Tab") {
      // Keep focus on the dialog's controls (a modal dialog would otherwise let it reach the browser's own UI).
      const items = [...(dialog.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    }
  };

  const current = index === null ? undefined : images[index];
  const counter = index === null ? "" : format(labels.counter, { index: index + 1, total });

  return (
    <section className="gallery" aria-label={labels.photos}>
      {images.map((img, i) => (
        <figure key={i} className={i === 0 ? "hero" : undefined}>
          <a href={img.large} onClick={(e) => open(i, e)} data-gallery-index={i}>
            {/* eslint-disable-next-line @next/next/no-img-element -- supplier images come from arbitrary hosts */}
            <img
              src={img.src}
              srcSet={img.srcSet}
              sizes={img.srcSet ? (i === 0 ? HERO_SIZES : THUMB_SIZES) : undefined}
              alt={img.alt}
              lang={img.lang}
              loading={i === 0 ? "eager" : "lazy"}
              // The first photo is the page's largest picture on a phone's first screen: fetched before the others.
              fetchPriority={i === 0 ? "high" : undefined}
              decoding="async"
              width={640}
              height={420}
            />
          </a>
          {(img.caption || img.categories.length > 0) && (
            <figcaption>
              {img.caption && <span lang={img.lang}>{img.caption}</span>}
              {img.categories.length > 0 && <span className="muted"> · {img.categories.join(", ")}</span>}
            </figcaption>
          )}
        </figure>
      ))}
      <dialog ref={dialog} className="lightbox" aria-label={labels.dialog} onClose={onClose} onKeyDown={onKeyDown}>
        {current && (
          <>
            <div className="lightbox-bar">
              <p className="lightbox-counter" aria-live="polite" data-testid="lightbox-counter">
                {counter}
              </p>
              <button type="button" className="lightbox-close" onClick={() => dialog.current?.close()} autoFocus>
                {labels.close}
              </button>
            </div>
            <figure className="lightbox-figure">
              {/* eslint-disable-next-line @next/next/no-img-element -- supplier images come from arbitrary hosts */}
              <img
                key={index}
                src={current.src}
                srcSet={current.srcSet}
                sizes={current.srcSet ? LIGHTBOX_SIZES : undefined}
                alt={current.alt}
                lang={current.lang}
                width={640}
                height={420}
              />
              {current.caption && <figcaption lang={current.lang}>{current.caption}</figcaption>}
            </figure>
            {total > 1 && (
              <div className="lightbox-nav">
                <button type="button" onClick={() => move(-1)} aria-label={labels.previous}>
                  ←
                </button>
                <button type="button" onClick={() => move(1)} aria-label={labels.next}>
                  →
                </button>
              </div>
            )}
          </>
        )}
      </dialog>
    </section>
  );
}
