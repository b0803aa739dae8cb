/**
 * An application a referral partner starts for a business owner (the partner API): a draft row
 * attributed to the partner, with a wizard draft of the owner's holding the fields the partner
 * gave. The owner opens it in the wizard (/apply picks the account's open draft), reviews and
 * completes each step, gives the review's consents and submits it: the wizard's own submission,
 * so a partner never submits for the owner.
 */
import { insertApplication, type ApplicationRow, type ApplicationValues } from "~/features/applications/applications.server";
import { recordApplicationEvent } from "~/features/applications/application-events.server";
import { insertDraft, updateDraft } from "~/features/applications/wizard/application-drafts.server";
import { draftDataOfFields } from "~/features/applications/wizard/wizard.schema";
import type { ApplicationFieldValues } from "~/features/applications/fields";
import type { Tx } from "~/platform/db/db.server";

export async function insertReferredApplication(
  tx: Tx,
  input: { userId: number; partnerId: number; given: Partial<ApplicationFieldValues>; values: ApplicationValues },
): Promise<ApplicationRow> {
  const draftId = await insertDraft({ userId: input.userId, data: draftDataOfFields(input.given) }, tx);
  const { row } = await insertApplication(tx, {
    userId: input.userId,
    draftId,
    values: input.values,
    status: "draft",
    partnerId: input.partnerId,
  });
  await updateDraft(draftId, { loanApplicationId: row.id }, tx);
  await recordApplicationEvent(tx, { applicationId: row.id, actorUserId: input.userId, type: "created", toStatus: row.status });
  return row;
}
