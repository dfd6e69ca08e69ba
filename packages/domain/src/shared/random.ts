/** A source of numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** Deterministic pseudo-random source (mulberry32) for reproducible demo seeds and tests. */
export const createSeededRandom = (seed: number): RandomSource => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

export const randomDigits = (length: number, random: RandomSource): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) out += Math.floor(random() * 10).toString();
  return out;
};

const alphanumeric = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const randomAlphanumeric = (length: number, random: RandomSource): string => {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphanumeric[Math.floor(random() * alphanumeric.length)];
  return out;
};
