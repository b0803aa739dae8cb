/** Points the app modules imported by integration tests at the run's throwaway database. */
import { inject } from "vitest";

process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("dataDir");
process.env.DOCUMENT_ENCRYPTION_KEY = inject("encryptionKey");
process.env.SESSION_SECRET = "test-session-secret-0123456789abcdef0123456789";
// Scripts a test runs with NODE_ENV=production (purge, key rotation) need the public origin too.
process.env.PUBLIC_URL = inject("baseUrl");
process.env.NODE_ENV = "test";
