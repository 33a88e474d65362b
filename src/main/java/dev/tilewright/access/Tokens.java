package dev.tilewright.access;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The API tokens' form: a kind's prefix ({@code twp_} personal, {@code twb_} project bot, {@code tws_} share link, {@code twi_} an
 * invite code),
 * 32 random bytes in base62 (43 characters) and a CRC32 of the two in base62 (6 characters), 53 characters in all.
 * The prefix lets a leaked token be recognised (by secret scanners too); the checksum refuses a mistyped or made-up
 * one before any lookup. Only the SHA-256 of a token and a short hint are ever stored.
 */
public final class Tokens {

    /** What a token stands for, by its prefix. */
    public enum Kind {
        PERSONAL("twp_"), BOT("twb_"), SHARE("tws_"), INVITE("twi_");

        private final String prefix;

        Kind(String prefix) {
            this.prefix = prefix;
        }

        public String prefix() {
            return prefix;
        }
    }

    static final int SECRET_BYTES = 32;
    static final int BODY_CHARS = 43;
    static final int CHECK_CHARS = 6;
    static final int LENGTH = 4 + BODY_CHARS + CHECK_CHARS;
    private static final String BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    private static final BigInteger SIXTY_TWO = BigInteger.valueOf(62);

    private final SecureRandom random;

    public Tokens(SecureRandom random) {
        this.random = random;
    }

    /** A new token of a kind: shown once to whoever made it, then only its hash and hint are kept. */
    public String generate(Kind kind) {
        byte[] secret = new byte[SECRET_BYTES];
        random.nextBytes(secret);
        String head = kind.prefix() + base62(new BigInteger(1, secret), BODY_CHARS);
        return head + check(head);
    }

    /** The kind of a well-formed token (prefix, length, alphabet and checksum right); empty for anything else. */
    public static Optional<Kind> kind(String token) {
        if (token == null || token.length() != LENGTH) {
            return Optional.empty();
        }
        for (int i = 4; i < LENGTH; i++) {
            if (BASE62.indexOf(token.charAt(i)) < 0) {
                return Optional.empty();
            }
        }
        String head = token.substring(0, LENGTH - CHECK_CHARS);
        if (!check(head).equals(token.substring(LENGTH - CHECK_CHARS))) {
            return Optional.empty();
        }
        for (Kind kind : Kind.values()) {
            if (token.startsWith(kind.prefix())) {
                return Optional.of(kind);
            }
        }
        return Optional.empty();
    }

    /** What is stored to find a token again: its SHA-256. */
    public static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /** What a list of tokens shows of one: its prefix and last four characters ({@code twp_…a1B2}). */
    public static String hint(String token) {
        return token.substring(0, 4) + "…" + token.substring(token.length() - 4);
    }

    private static String check(String head) {
        CRC32 crc = new CRC32();
        crc.update(head.getBytes(StandardCharsets.US_ASCII));
        return base62(BigInteger.valueOf(crc.getValue()), CHECK_CHARS);
    }

    private static String base62(BigInteger value, int width) {
        char[] out = new char[width];
        BigInteger rest = value;
        for (int i = width - 1; i >= 0; i--) {
            BigInteger[] qr = rest.divideAndRemainder(SIXTY_TWO);
            out[i] = BASE62.charAt(qr[1].intValue());
            rest = qr[0];
        }
        if (rest.signum() != 0) {
            throw new IllegalArgumentException(value + " does not fit " + width + " base62 digits");
        }
        return new String(out);
    }
}
