/** Which admin an application is assigned to (application_assignments). */
import { eq } from "drizzle-orm";
import { type DbOrTx, getDb, schema } from "~/platform/db/db.server";

const assignments = schema.applicationAssignments;
const users = schema.users;

const fullName = (first: string | null, last: string | null) => (first ? `${first} ${last ?? ""}`.trim() : null);

export async function getAssignment(applicationId: number, db: DbOrTx = getDb()) {
  const [row] = await db
    .select({
      assigneeUserId: assignments.assigneeUserId,
      assignedAt: assignments.assignedAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(assignments)
    .innerJoin(users, eq(users.id, assignments.assigneeUserId))
    .where(eq(assignments.applicationId, applicationId))
    .limit(1);
  return row
    ? { assigneeUserId: row.assigneeUserId, name: fullName(row.first, row.last) ?? "", assignedAt: row.assignedAt.toISOString() }
    : null;
}

export async function setAssignment(db: DbOrTx, applicationId: number, assigneeUserId: number | null, assignedBy: number) {
  if (assigneeUserId === null) {
    await db.delete(assignments).where(eq(assignments.applicationId, applicationId));
    return;
  }
  const now = new Date();
  await db
    .insert(assignments)
    .values({ applicationId, assigneeUserId, assignedBy, assignedAt: now })
    .onDuplicateKeyUpdate({ set: { assigneeUserId, assignedBy, assignedAt: now } });
}
