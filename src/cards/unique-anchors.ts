/** Chunks repeated at most this often (as often on both sides) still anchor, paired in order. */
const MAX_REPEAT = 3;

/**
 * Patience diff's anchors: the chunks that occur exactly once in `a[aLo, aHi)` and once in
 * `b[bLo, bHi)` (or, like histogram diff, equally rarely on both sides, paired in order),
 * reduced to the longest run whose positions increase on both sides (so the anchors can
 * all be kept as equal). Returns `[aIndex, bIndex]` pairs in order of `a`.
 */
export function uniqueAnchors(
  a: readonly number[],
  aLo: number,
  aHi: number,
  b: readonly number[],
  bLo: number,
  bHi: number,
): Array<[number, number]> {
  const seen = new Map<number, { inA: number[]; inB: number[] }>();
  for (let i = aLo; i < aHi; i++) {
    const entry = seen.get(a[i]!);
    if (entry) entry.inA.push(i);
    else seen.set(a[i]!, { inA: [i], inB: [] });
  }
  for (let j = bLo; j < bHi; j++) seen.get(b[j]!)?.inB.push(j);
  const pairs: Array<[number, number]> = [];
  const taken = new Map<number, number>();
  for (let i = aLo; i < aHi; i++) {
    const { inA, inB } = seen.get(a[i]!)!;
    if (inA.length !== inB.length || inA.length > MAX_REPEAT) continue;
    const nth = taken.get(a[i]!) ?? 0;
    taken.set(a[i]!, nth + 1);
    pairs.push([i, inB[nth]!]);
  }
  return longestIncreasing(pairs);
}

/** Longest subsequence of `pairs` (ordered by a) whose b positions increase: patience sorting. */
function longestIncreasing(pairs: Array<[number, number]>): Array<[number, number]> {
  const tops: number[] = []; // index into pairs of the smallest tail of each pile
  const back = new Int32Array(pairs.length);
  pairs.forEach(([, bj], k) => {
    let lo = 0;
    let hi = tops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tops[mid]!]![1] < bj) lo = mid + 1;
      else hi = mid;
    }
    back[k] = lo > 0 ? tops[lo - 1]! : -1;
    tops[lo] = k;
  });
  const result: Array<[number, number]> = [];
  for (let k = tops.length ? tops[tops.length - 1]! : -1; k >= 0; k = back[k]!) {
    result.push(pairs[k]!);
  }
  return result.reverse();
}
