/** argon2id at or above the ASVS minimums (m=19456 KiB, t=2, p=1). */
import { hash, verify } from "@node-rs/argon2";

export const ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string) {
  return hash(password, ARGON2_PARAMS);
}

export async function verifyPassword(hashValue: string, password: string) {
  try {
    return await verify(hashValue, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's: rehash at sign-in. */
export function needsRehash(hashValue: string) {
  const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hashValue);
  if (!m) return true;
  return +m[1] < ARGON2_PARAMS.memoryCost || +m[2] < ARGON2_PARAMS.timeCost || +m[3] !== ARGON2_PARAMS.parallelism;
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real verify when the account does not exist. */
export async function verifyAgainstDummy(password: string) {
  dummy ??= hashPassword("dummy-password-for-timing");
  await verifyPassword(await dummy, password);
  return false;
}
