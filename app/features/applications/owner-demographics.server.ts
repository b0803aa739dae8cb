/**
 * The owners' optional demographic answers (section 1071), the only SQL about owner_demographics.
 * Read only by the applicant's own page and data export: never by the admin's details, the lender
 * workspace, the API or the CSV (tests/security/demographics-firewall.test.ts).
 */
import { eq } from "drizzle-orm";
import { getDb, schema, type DbOrTx } from "~/platform/db/db.server";
import { DEMOGRAPHIC_KEYS, type DemographicAnswers } from "~/content/demographics";

const t = schema.ownerDemographics;

export async function getOwnerDemographics(applicationId: number, db: DbOrTx = getDb()): Promise<DemographicAnswers | null> {
  const [row] = await db
    .select({
      ethnicity: t.ethnicity,
      race: t.race,
      sex: t.sex,
      minorityOwned: t.minorityOwned,
      womenOwned: t.womenOwned,
      lgbtqiOwned: t.lgbtqiOwned,
    })
    .from(t)
    .where(eq(t.applicationId, applicationId))
    .limit(1);
  return row ?? null;
}

export async function saveOwnerDemographics(applicationId: number, answers: DemographicAnswers, db: DbOrTx = getDb()): Promise<void> {
  const values = Object.fromEntries(DEMOGRAPHIC_KEYS.map((k) => [k, answers[k]])) as DemographicAnswers;
  await db
    .insert(t)
    .values({ applicationId, ...values })
    .onDuplicateKeyUpdate({ set: values });
}
