/**
 * The argon2id hash of a test password, made once per test process and reused for every account a
 * fixture creates with it (39 ms of CPU per hash at the app's parameters, and the run creates
 * hundreds of accounts). Each hash is a real one of the app's own hashPassword: signing in still
 * verifies it on the server like any other.
 */
import { hashPassword } from "~/features/accounts/password/password.server";

const made = new Map<string, Promise<string>>();

export function passwordHashOf(password: string): Promise<string> {
  let hash = made.get(password);
  if (!hash) {
    hash = hashPassword(password);
    made.set(password, hash);
  }
  return hash;
}
