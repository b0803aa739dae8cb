/** What /readyz asks: does the database answer, and on Galera is the node synced? */
export { databaseReadiness, pingDatabase } from "~/models/health.server";
