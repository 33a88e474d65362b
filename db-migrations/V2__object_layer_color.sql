-- An object layer's colour (Tiled's objectgroup "color"): outlines and fills its shapes. Null: Tiled's default grey.
ALTER TABLE map_layers ADD COLUMN color text;
