-- A layer's class (Tiled 1.9), parallax factors (Tiled 1.5), blend mode (Tiled 1.12) and an object layer's draw
-- order (index: as listed, what layers made before had; topdown: sorted by y, as Tiled draws files by default).
ALTER TABLE map_layers ADD COLUMN class_name text NOT NULL DEFAULT '';
ALTER TABLE map_layers ADD COLUMN parallax_x double precision NOT NULL DEFAULT 1;
ALTER TABLE map_layers ADD COLUMN parallax_y double precision NOT NULL DEFAULT 1;
ALTER TABLE map_layers ADD COLUMN blend_mode text NOT NULL DEFAULT 'normal';
ALTER TABLE map_layers ADD COLUMN draw_order text NOT NULL DEFAULT 'index';
