// The unit tests' seeded random numbers, so a test's data is the same on every run.

/** A uniform [0, 1) generator (xorshift32) from `seed` (0 is taken as 1, which xorshift needs). */
export function xorshift32(seed) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}
