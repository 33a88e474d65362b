-- How a map's collision grid is computed (GridSettings as JSON; null: the defaults). Set by setGrid ops.
ALTER TABLE maps ADD COLUMN grid_settings text;

-- Designers' overrides of grid elements: 64x64-element chunks of bytes (0 = none, else 1 + solid sides),
-- zstd-compressed by the application. Set by overrideGrid ops; chunks without an override have no row.
CREATE TABLE map_grid_overrides (
    map_id bigint  NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
    cx     integer NOT NULL,
    cy     integer NOT NULL,
    data   bytea   NOT NULL,
    PRIMARY KEY (map_id, cy, cx)
);
ALTER TABLE map_grid_overrides ALTER COLUMN data SET STORAGE EXTERNAL;

-- The computed collision grid of a map (at its settings' element size) as of a version: one byte per element,
-- row-major, zstd-compressed. A cache the service keeps current by recomputing what later ops touched; fingerprint
-- names the settings and tile data it was computed from (a change of either makes it useless).
CREATE TABLE map_grids (
    map_id         bigint  PRIMARY KEY REFERENCES maps (id) ON DELETE CASCADE,
    version        bigint  NOT NULL,
    fingerprint    text    NOT NULL,
    columns        integer NOT NULL,
    rows           integer NOT NULL,
    element_width  integer NOT NULL,
    element_height integer NOT NULL,
    data           bytea   NOT NULL
);
ALTER TABLE map_grids ALTER COLUMN data SET STORAGE EXTERNAL;
