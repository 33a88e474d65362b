-- Object templates a map's objects are instances of (issue 23): by the reference the map's file writes
-- (objects.template), the template file as it came (its path in the upload, its bytes: written back beside the map in
-- a zip export) and its object as the map sees it (JSON; gids in the map's terms), which instances are written
-- against.
CREATE TABLE map_templates (
    map_id    bigint NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
    reference text   NOT NULL,
    path      text   NOT NULL,
    content   bytea  NOT NULL,
    object    text   NOT NULL,
    PRIMARY KEY (map_id, reference)
);
