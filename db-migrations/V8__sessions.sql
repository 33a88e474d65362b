-- Browser sessions, kept in PostgreSQL by Spring Session (spring-session-jdbc's table layout, which it requires):
-- every instance sees every session, and a person's sessions can be found by their user id (principal_name) to end
-- them all. Attributes hold the serialised security context.
CREATE TABLE spring_session (
    primary_id            char(36)     NOT NULL PRIMARY KEY,
    session_id            char(36)     NOT NULL,
    creation_time         bigint       NOT NULL,
    last_access_time      bigint       NOT NULL,
    max_inactive_interval integer      NOT NULL,
    expiry_time           bigint       NOT NULL,
    principal_name        varchar(100)
);
CREATE UNIQUE INDEX spring_session_ix1 ON spring_session (session_id);
CREATE INDEX spring_session_ix2 ON spring_session (expiry_time);
CREATE INDEX spring_session_ix3 ON spring_session (principal_name);

CREATE TABLE spring_session_attributes (
    session_primary_id char(36)     NOT NULL REFERENCES spring_session (primary_id) ON DELETE CASCADE,
    attribute_name     varchar(200) NOT NULL,
    attribute_bytes    bytea        NOT NULL,
    PRIMARY KEY (session_primary_id, attribute_name)
);

-- where a person last made something: their default project for what they make next without naming one
ALTER TABLE users ADD COLUMN last_project_id bigint REFERENCES projects (id) ON DELETE SET NULL;
