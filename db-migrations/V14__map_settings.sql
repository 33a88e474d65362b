-- A map's class (Tiled 1.9), tile render order and parallax origin (Tiled 1.8), as JSON (the model's MapSettings);
-- null reads as Tiled's defaults.
ALTER TABLE maps ADD COLUMN settings text;
