-- LDtk projects brought in (issue 46): each import keeps the project file without its levels (definitions of layers
-- with their rules, tilesets, entities, enums, level fields; world settings) as it came, so the levels' auto-layers
-- follow edits by LDtk's rules and an export writes the definitions back. Maps name theirs by id (property
-- ldtk.definitions); a map of another project naming it finds nothing.
CREATE TABLE ldtk_definitions (
    id          bigserial   PRIMARY KEY,
    project_id  bigint      NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    file        text        NOT NULL,
    content     bytea       NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ldtk_definitions_project ON ldtk_definitions (project_id);
