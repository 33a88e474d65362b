-- Token buckets of the throttles (sign-in attempts per account and per address), kept by Bucket4j in its layout:
-- shared by every instance. expires_at (epoch ms) lets a sweep drop buckets that are full again.
CREATE TABLE throttle_buckets (
    id         text PRIMARY KEY,
    state      bytea,
    expires_at bigint
);
CREATE INDEX throttle_buckets_expiry ON throttle_buckets (expires_at);
