-- Bookmarks became a declared resource, one row per page (contracts system/bookmark.ts): each user's list moves from
-- the one JSON value per user of 0002 into rows, in its order, and the old table goes.
INSERT INTO user_bookmark (user_id, title, url, icon, ordering, created_by, updated_by, created_date, updated_date)
SELECT b.user_id, left(e.item ->> 'title', 255), left(e.item ->> 'url', 1000), left(e.item ->> 'icon', 100), (e.n - 1)::int,
       b.user_id, b.user_id, b.updated_at, b.updated_at
  FROM bookmark b
  JOIN app_user u ON u.id = b.user_id
  CROSS JOIN LATERAL jsonb_array_elements(b.items) WITH ORDINALITY AS e(item, n)
 WHERE jsonb_typeof(b.items) = 'array' AND coalesce(e.item ->> 'title', '') <> '' AND coalesce(e.item ->> 'url', '') LIKE '/%';
DROP TABLE bookmark;
