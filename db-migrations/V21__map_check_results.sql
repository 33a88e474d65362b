-- Map checks' results (issue 24), one row per version checked: [{"name", "type", "passed", "message", "details"}].
-- The checks themselves are the map's tilewright.checks property (versioned with the map, exported with it).
CREATE TABLE map_check_results (
    map_id     bigint NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
    version    bigint NOT NULL,
    results    jsonb  NOT NULL,
    checked_at timestamp with time zone NOT NULL DEFAULT now(),
    PRIMARY KEY (map_id, version)
);
