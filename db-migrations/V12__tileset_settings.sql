-- A tileset's class, object alignment, tile render size and fill mode, transformations, grid and Wang sets, as JSON
-- (the model's TilesetSettings); '{}' reads as Tiled's defaults.
ALTER TABLE tilesets ADD COLUMN settings text NOT NULL DEFAULT '{}';
