package dev.tilewright.access;

import dev.tilewright.config.AccessProperties;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.EstimationProbe;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.jdbc.PrimaryKeyMapper;
import io.github.bucket4j.postgresql.Bucket4jPostgreSQL;
import io.github.bucket4j.postgresql.PostgreSQLSelectForUpdateBasedProxyManager;
import org.springframework.stereotype.Component;

import javax.sql.DataSource;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Supplier;

/**
 * Failed sign-ins (per account and per address) and failed lookups of invite codes and share links (per address),
 * counted in token buckets kept in PostgreSQL (every instance counts into the same ones):
 * {@code tilewright.access.sign-in-failures} (and {@code link-failures}) per {@code sign-in-window-minutes}, refilled
 * smoothly, never a permanent lockout; and rates of writes ({@link #spend}). A bucket that is full again is dropped
 * by {@link #sweep()}.
 */
@Component
public class Throttle {

    private final PostgreSQLSelectForUpdateBasedProxyManager<String> buckets;
    private final BucketConfiguration signIn;
    private final BucketConfiguration links;
    private final int linksAllowed;
    private final java.util.concurrent.atomic.AtomicLong failures = new java.util.concurrent.atomic.AtomicLong();
    private final int allowed;
    private final java.util.Map<Integer, BucketConfiguration> rates = new java.util.concurrent.ConcurrentHashMap<>();

    Throttle(DataSource dataSource, AccessProperties properties) {
        Duration window = Duration.ofMinutes(properties.signInWindowMinutes());
        this.allowed = properties.signInFailures();
        this.buckets = Bucket4jPostgreSQL.selectForUpdateBasedBuilder(dataSource)
                .primaryKeyMapper(PrimaryKeyMapper.STRING).table("throttle_buckets")
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(
                        Duration.ofMinutes(1)))
                .build();
        this.signIn = BucketConfiguration.builder().addLimit(limit -> limit.capacity(properties.signInFailures())
                .refillGreedy(properties.signInFailures(), window)).build();
        this.linksAllowed = properties.linkFailures();
        this.links = BucketConfiguration.builder().addLimit(limit -> limit.capacity(properties.linkFailures())
                .refillGreedy(properties.linkFailures(), window)).build();
    }

    /** How many failed sign-ins the window allows. */
    public int signInFailuresAllowed() {
        return allowed;
    }

    /** The buckets a sign-in attempt counts against: the account (its email without case) and the address. */
    public static List<String> signInKeys(String email, String address) {
        return List.of("sign-in:email:" + (email == null ? "" : email.strip().toLowerCase(Locale.ROOT)),
                "sign-in:address:" + address);
    }

    /** The bucket a lookup of a secret in a link (an invite code, a share link) counts against: the address. */
    public static List<String> lookupKeys(String address) {
        return List.of("lookup:address:" + address);
    }

    /**
     * Looks up a secret someone brought in a link: refused with 429 (Retry-After) while their address has used up its
     * failed lookups; a lookup that finds nothing counts as a failure.
     */
    public <T> Optional<T> lookup(String address, Supplier<Optional<T>> find) {
        List<String> keys = lookupKeys(address);
        OptionalLong wait = waitSeconds(keys);
        if (wait.isPresent()) {
            throw Refused.overLimit(Refusal.Kind.TOO_OFTEN, "tilewright.access.link-failures", linksAllowed,
                            "Too many unknown or expired links were tried from this address; try again in "
                                    + wait.getAsLong() + " s")
                    .retryAfter((int) Math.min(Integer.MAX_VALUE, wait.getAsLong()));
        }
        Optional<T> found = find.get();
        if (found.isEmpty()) {
            failed(keys);
        }
        return found;
    }

    /**
     * Counts one request against a rate of {@code perMinute} (refilled smoothly) under {@code key}: refused with 429
     * and Retry-After, naming {@code property}, when the bucket is empty.
     */
    public void spend(String key, String property, int perMinute) {
        BucketConfiguration rate = rates.computeIfAbsent(perMinute, n -> BucketConfiguration.builder()
                .addLimit(limit -> limit.capacity(n).refillGreedy(n, Duration.ofMinutes(1))).build());
        ConsumptionProbe probe = buckets.builder().build("rate:" + key, () -> rate).tryConsumeAndReturnRemaining(1);
        if (!probe.isConsumed()) {
            long wait = Math.max(1, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            throw Refused.overLimit(Refusal.Kind.TOO_OFTEN, property, perMinute, "Too many in a minute; "
                    + "try again in " + wait + " s").retryAfter((int) Math.min(Integer.MAX_VALUE, wait));
        }
        if (failures.incrementAndGet() % 64 == 0) {
            sweep();
        }
    }

    /** How long until another attempt may be made, when one of its buckets is empty; empty when it may be now. */
    public OptionalLong waitSeconds(List<String> keys) {
        long wait = 0;
        for (String key : keys) {
            EstimationProbe probe = bucket(key).estimateAbilityToConsume(1);
            if (!probe.canBeConsumed()) {
                wait = Math.max(wait, (probe.getNanosToWaitForRefill() + 999_999_999L) / 1_000_000_000L);
            }
        }
        return wait == 0 ? OptionalLong.empty() : OptionalLong.of(wait);
    }

    /** Counts a failed attempt against its buckets (and now and then drops buckets that are full again). */
    public void failed(List<String> keys) {
        keys.forEach(key -> bucket(key).tryConsume(1));
        if (failures.incrementAndGet() % 64 == 0) {
            sweep();
        }
    }

    private io.github.bucket4j.Bucket bucket(String key) {
        return buckets.builder().build(key, () -> key.startsWith("lookup:") ? links : signIn);
    }

    /** Drops buckets that are full again (a few hundred at a time). */
    public int sweep() {
        return buckets.removeExpired(500);
    }
}
