/** What /readyz asks: does the database answer (SELECT 1 with a deadline)? */
export { pingDatabase } from "~/models/health.server";
