/** The application status lookup form (GET /application-status?id=...): one field, the reference. */
import { z } from "zod";
import { MSG } from "~/content/messages";

export const StatusLookupSchema = z.object({
  id: z
    .string({ required_error: MSG.statusIdRequired, invalid_type_error: MSG.statusIdRequired })
    .trim()
    .min(1, MSG.statusIdRequired)
    // Far longer than any reference: such input is simply not found, without a long query.
    .max(64, MSG.statusNotFound),
});
