-- Group layers (issue 23): a layer may be a group, and every layer names the group it is in (0: none). The list
-- stays in drawing order, a group's layers right after it.
ALTER TABLE map_layers ADD COLUMN parent_id integer NOT NULL DEFAULT 0;
ALTER TABLE map_layers DROP CONSTRAINT map_layers_kind_check;
ALTER TABLE map_layers ADD CONSTRAINT map_layers_kind_check CHECK (kind IN ('tile', 'object', 'image', 'group'));
