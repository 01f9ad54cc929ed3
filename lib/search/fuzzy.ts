/**
 * Typo tolerance for the destination box: how far what a visitor typed is from the start of a name.
 *
 * Home-made rather than a library: the edit-distance packages on npm (fastest-levenshtein, damerau-levenshtein, …)
 * compare whole strings, while a visitor types the start of a name ("pariss" is one edit from "paris", "tokio" one
 * from "tokyo hotel…"): the distance wanted is to the nearest prefix of the name, bounded, and computed once for
 * every name that shares the same first letters (the index is sorted, so those are neighbours). 40 lines.
 */

/** How many edits a typed text of this length may be away from a name: none below 4 characters, then 1, 2 from 8. */
export function allowedEdits(length: number): number {
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * The fewest edits (insertion, deletion, substitution, or swapping two neighbouring letters) that turn `typed` into
 * some prefix of `name`; max + 1 when more than `max` are needed. Only the first typed.length + max characters of the
 * name can matter.
 */
export function prefixDistance(typed: string, name: string, max: number): number {
  const n = Math.min(name.length, typed.length + max);
  // rows[i][j]: edits from typed[0, i) to name[0, j) (optimal string alignment, i.e. Damerau with one swap each).
  let before = new Array<number>(n + 1).fill(0);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  for (let i = 1; i <= typed.length; i++) {
    const current = new Array<number>(n + 1);
    current[0] = i;
    let rowMin = i;
    const t = typed.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const c = name.charCodeAt(j - 1);
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (t === c ? 0 : 1));
      if (i > 1 && j > 1 && t === name.charCodeAt(j - 2) && typed.charCodeAt(i - 2) === c)
        d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  // The typed text against every prefix of the name: the best of the last row.
  return Math.min(max + 1, ...previous);
}
