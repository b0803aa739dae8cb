/** The credit authorisation's words for an application: the lenders that serve its state and purpose. */
import { creditAuthorizationText, type ConsentText } from "~/content/consents";
import { US_STATES } from "~/content/us-states";
import { getDb, type DbOrTx } from "~/platform/db/db.server";
import { lenderNamesServing } from "./lenders.server";

export async function creditAuthorizationFor(state: string, purpose: string | null, db: DbOrTx = getDb()): Promise<ConsentText> {
  const stateName = US_STATES.find((s) => s.code === state)?.name ?? "";
  return creditAuthorizationText(await lenderNamesServing(state, purpose, db), stateName);
}
