/** The credit authorisation's words for an application: the lenders that serve its state and purpose. */
import { type ConsentText } from "~/content/consents";
import { creditAuthorizationTextFor } from "~/content/consents-es.server";
import { US_STATES } from "~/content/us-states";
import { getDb, type DbOrTx } from "~/platform/db/db.server";
import { lenderNamesServing } from "./lenders.server";

/** `language`: the review page's (Spanish is a consent text and version of its own). */
export async function creditAuthorizationFor(
  state: string,
  purpose: string | null,
  db: DbOrTx = getDb(),
  language: "en" | "es" = "en",
): Promise<ConsentText> {
  const stateName = US_STATES.find((s) => s.code === state)?.name ?? "";
  return creditAuthorizationTextFor(language, await lenderNamesServing(state, purpose, db), stateName);
}
