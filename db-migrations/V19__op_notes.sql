-- What a change was, where its op alone does not say (issue 24): 'restore:<version>' for the op that took the map back
-- to that version. The history shows such a change on its own line ("Alice restored version 57").
ALTER TABLE map_ops ADD COLUMN note text;
