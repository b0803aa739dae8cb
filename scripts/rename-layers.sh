#!/usr/bin/env bash
# Issue 15 (layers): file renames so that a file's name says where it lives. Models are named after
# their tables, schemas end in .schema.ts, services keep their workflow names. Replayable on another
# branch: `bash scripts/rename-layers.sh` (each line of MAP: old path, new path; paths under app/).
# It `git mv`s each file that still exists and rewrites the import specifiers (~/x, ../app/x, ./x)
# over app/ tests/ bench/ scripts/ db/.
set -euo pipefail
cd "$(git rev-parse --show-toplevel)"
MAP='
app/models/user.server.ts app/models/users.server.ts
app/models/session.server.ts app/models/sessions.server.ts
app/models/audit.server.ts app/models/audit-log.server.ts
app/models/account-token.server.ts app/models/account-tokens.server.ts
app/models/application-event.server.ts app/models/application-events.server.ts
app/models/application.server.ts app/models/applications.server.ts
app/models/draft.server.ts app/models/application-drafts.server.ts
app/models/application-read.server.ts app/models/application-queries.server.ts
app/models/rate-limit.server.ts app/models/rate-limits.server.ts
app/models/back-office.server.ts app/models/back-office-queries.server.ts
app/models/marketplace.server.ts app/models/offers.server.ts
app/models/key-rotation.server.ts app/models/document-keys.server.ts
app/models/account-data.server.ts app/models/account-data-queries.server.ts
app/schemas/account.ts app/schemas/account.schema.ts
app/schemas/admin.ts app/schemas/admin.schema.ts
app/schemas/admin.test.ts app/schemas/admin.schema.test.ts
app/schemas/api.ts app/schemas/api.schema.ts
app/schemas/auth.ts app/schemas/auth.schema.ts
app/schemas/auth.test.ts app/schemas/auth.schema.test.ts
app/schemas/back-office.ts app/schemas/back-office.schema.ts
app/schemas/documents.ts app/schemas/documents.schema.ts
app/schemas/fields.ts app/schemas/fields.schema.ts
app/schemas/mfa.ts app/schemas/mfa.schema.ts
app/schemas/offers.ts app/schemas/offers.schema.ts
app/schemas/status-lookup.ts app/schemas/status-lookup.schema.ts
app/schemas/wizard.ts app/schemas/wizard.schema.ts
app/schemas/wizard.test.ts app/schemas/wizard.schema.test.ts
app/content/documents.ts app/content/document-types.ts
app/content/documents.test.ts app/content/document-types.test.ts
app/components/status-lookup.tsx app/components/status-lookup-ui.tsx
app/components/dashboard/document-requests.tsx app/components/dashboard/documents-and-requests.tsx
'
echo "$MAP" | while read -r old new; do
  [ -z "$old" ] && continue
  if [ -e "$old" ]; then git mv "$old" "$new"; fi
  FILES=$(git ls-files app tests bench scripts db | grep -E '\.(ts|tsx|js|mjs|cjs)$' | grep -v '^db/migrations/' | while read -r f; do [ -e "$f" ] && echo "$f"; done)
  # module specifiers without the extension: app/models/user.server -> models/user.server
  o=${old#app/}; o=${o%.ts}; o=${o%.tsx}
  n=${new#app/}; n=${n%.ts}; n=${n%.tsx}
  odir=$(dirname "$o"); obase=$(basename "$o"); nbase=$(basename "$n")
  oq=$(printf '%s' "$o" | sed 's/[.]/\\./g'); obq=$(printf '%s' "$obase" | sed 's/[.]/\\./g')
  # ~/models/x, ../app/models/x, ../../app/models/x (the closing quote anchors the whole name)
  echo "$FILES" | xargs sed -i -E \
    -e "s#([\"'](~|(\.\./)+app)/)${oq}([\"'])#\1${n}\4#g" \
    -e "s#([\"'](~|(\.\./)+app)/)${oq}(\.tsx?[\"'])#\1${n}\4#g"
  # ./x and ../<dir>/x inside app/ (same folder or a sibling folder)
  echo "$FILES" | grep "^app/${odir}/[^/]*$" | xargs -r sed -i -E \
    -e "/from|import|mock/ s#([\"']\./)${obq}([\"'])#\1${nbase}\2#g"
  echo "$FILES" | grep "^app/[^/]*/" | xargs -r sed -i -E \
    -e "/from|import|mock/ s#([\"']\.\./${odir}/)${obq}([\"'])#\1${nbase}\2#g"
  echo "$old -> $new"
done
