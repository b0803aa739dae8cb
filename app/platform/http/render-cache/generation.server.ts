/**
 * The generation of the public pages' content that does not come from the code: a change to
 * data a public page shows (the lender catalogue's claims: rates, speeds, fees) calls
 * `invalidatePublicPages()` after its COMMIT, and every kept answer of an older generation is
 * dropped at its next lookup (a render that began before the change is not kept either).
 * In-process: another server keeps its answers until their CDN lifetime (s-maxage) ends.
 */
let generation = 0;

export function publicPagesGeneration(): number {
  return generation;
}

export function invalidatePublicPages(): void {
  generation++;
}
