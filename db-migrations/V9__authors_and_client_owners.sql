-- Who made each change (issue 22): a person (author_user_id), or a token that acts for nobody in particular (a
-- project's bot: author_token_id), with the name shown at the time (kept when the account or token goes).
-- Changes made before accounts existed have none.
ALTER TABLE map_ops ADD COLUMN author_user_id  bigint REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE map_ops ADD COLUMN author_token_id bigint REFERENCES tokens (id) ON DELETE SET NULL;
ALTER TABLE map_ops ADD COLUMN author_name     text;

-- A client id (which numbers its changes to a map for exactly-once delivery) belongs, on that map, to whoever used
-- it first: nobody can send under another editor's id and take over its sequence numbers. identity: 'user:<id>' or
-- 'token:<id>'.
CREATE TABLE client_owners (
    map_id     bigint NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
    client_id  text   NOT NULL,
    identity   text   NOT NULL,
    created_at timestamp with time zone NOT NULL DEFAULT now(),
    PRIMARY KEY (map_id, client_id)
);
