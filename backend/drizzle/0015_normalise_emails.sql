-- Stored addresses in the one form the API now compares (normaliseEmail: NFKC, trimmed, lower
-- case), except where that would give two accounts the same address: those rows are left as
-- they are for an admin to settle (backend/src/common/email.ts). Find them with:
--   SELECT id, email FROM users WHERE email <> lower(btrim(normalize(email, NFKC)));
WITH "candidates" AS (
  SELECT "id", lower(btrim(normalize("email", NFKC))) AS "normalised"
  FROM "users"
  WHERE "email" <> lower(btrim(normalize("email", NFKC)))
), "safe" AS (
  SELECT "c"."id", "c"."normalised"
  FROM "candidates" "c"
  WHERE NOT EXISTS (SELECT 1 FROM "users" "u" WHERE "u"."email" = "c"."normalised")
    AND (SELECT count(*) FROM "candidates" "o" WHERE "o"."normalised" = "c"."normalised") = 1
)
UPDATE "users" SET "email" = "safe"."normalised"
FROM "safe"
WHERE "users"."id" = "safe"."id";
