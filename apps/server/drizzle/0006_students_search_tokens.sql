ALTER TABLE "student_profiles" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "student_profiles_search_tokens_idx" ON "student_profiles" USING gin ("search_tokens");--> statement-breakpoint
-- Backfill for profiles written before this column existed: the same tokens the service builds
-- (students.search.ts), 초성 computed from the Hangul syllable code points.
UPDATE "student_profiles" p SET "search_tokens" = t.tokens
FROM (
  SELECT p2.user_id, array(
    SELECT DISTINCT substr(w.word, i, l)
      FROM unnest(array[
             lower(u.name),
             (SELECT coalesce(string_agg(CASE WHEN x.c BETWEEN '가' AND '힣'
                       THEN (array['ㄱ','ㄲ','ㄴ','ㄷ','ㄸ','ㄹ','ㅁ','ㅂ','ㅃ','ㅅ','ㅆ','ㅇ','ㅈ','ㅉ','ㅊ','ㅋ','ㅌ','ㅍ','ㅎ'])[((ascii(x.c) - 44032) / 588) + 1]
                       ELSE '' END, '' ORDER BY x.o), '')
                FROM regexp_split_to_table(u.name, '') WITH ORDINALITY AS x(c, o)),
             lower(u.login_id)]) AS w(word)
      CROSS JOIN LATERAL generate_series(1, length(w.word)) AS i
      CROSS JOIN LATERAL generate_series(1, least(12, length(w.word) - i + 1)) AS l
    UNION
    SELECT substr(d.digits, i, l)
      FROM unnest(array[regexp_replace(coalesce(u.phone, ''), '\D', '', 'g'), regexp_replace(coalesce(p2.parent_phone, ''), '\D', '', 'g')]) AS d(digits)
      CROSS JOIN LATERAL generate_series(1, length(d.digits)) AS i
      CROSS JOIN LATERAL generate_series(3, least(12, length(d.digits) - i + 1)) AS l
  ) AS tokens
  FROM "student_profiles" p2 JOIN "users" u ON u.id = p2.user_id
) t
WHERE t.user_id = p.user_id AND p."search_tokens" = '{}';
