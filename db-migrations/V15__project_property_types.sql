-- A project's custom property types (issue 23): Tiled's propertyTypes array (enums and classes) as JSON text, as a
-- .tiled-project holds it; null while the project defines none.
ALTER TABLE projects ADD COLUMN property_types text;
