-- Autotiling (issue 25): a project's IntGrid values and rule sets, one JSON document {"values": [...], "ruleSets":
-- [...]} checked whole by the service before it is stored; null when the project defines none.
ALTER TABLE projects ADD COLUMN autotile jsonb;
