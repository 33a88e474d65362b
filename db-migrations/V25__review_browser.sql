-- Issue 40: a share link's holder owns only the comments written from their own browser. The id kept in that
-- browser's share cookie is stored with each comment it writes (never shown by the API); null for everyone else.
ALTER TABLE review_comments ADD COLUMN author_browser text;
