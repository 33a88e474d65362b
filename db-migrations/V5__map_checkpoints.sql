-- A map rebuilt at a version (its header and the ops that recreate its content, JSON, zstd): a past version is
-- replayed from the nearest checkpoint at or before it, not from the map's genesis. Kept every
-- tilewright.storage.checkpoint-every versions, made by the first replay that passes one.
CREATE TABLE map_checkpoints (
    map_id  bigint NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
    version bigint NOT NULL,
    bytes   int    NOT NULL,
    data    bytea  NOT NULL,
    PRIMARY KEY (map_id, version)
);
