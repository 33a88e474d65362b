-- Object templates a tileset's tile collision shapes are instances of (issue 23), as map_templates keeps a map's: by
-- the reference the tileset's file writes (relative to it), the template file as it came (its path in the upload, its
-- bytes: written back beside the tileset in a zip export) and its object (JSON), which instances are written against.
CREATE TABLE tileset_templates (
    tileset_id bigint NOT NULL REFERENCES tilesets (id) ON DELETE CASCADE,
    reference  text   NOT NULL,
    path       text   NOT NULL,
    content    bytea  NOT NULL,
    object     text   NOT NULL,
    PRIMARY KEY (tileset_id, reference)
);
