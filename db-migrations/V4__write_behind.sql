-- The version a map's stored rows (head, layers, chunks, objects, overrides, tilesets) reflect. The op log is the
-- truth and runs ahead of it while the live path commits ops and writes the rows back every so often; loading a
-- map reads the rows and replays the logged ops after stored_version.
ALTER TABLE maps ADD COLUMN stored_version bigint NOT NULL DEFAULT 0;
UPDATE maps SET stored_version = version;
