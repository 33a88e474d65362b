package dev.tilewright.access;

import dev.tilewright.core.refusal.Refused;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.stereotype.Component;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The password policy (OWASP ASVS 5.0 level 2, NIST SP 800-63B): 8 to 128 characters, any characters, no
 * composition rules, refused when it is one of the 30,000 most common passwords (zxcvbn's list, bundled in its
 * jar). Stored as Argon2id with 19 MiB of memory, 2 iterations, parallelism 1 (OWASP's minimum), a 16-byte salt.
 */
@Component
public final class Passwords {

    public static final int MIN_CHARACTERS = 8;
    public static final int MAX_CHARACTERS = 128;
    static final String COMMON = "/com/nulabinc/zxcvbn/matchers/dictionaries/passwords.txt";

    private final Set<String> common;
    private final Argon2PasswordEncoder argon2 = new Argon2PasswordEncoder(16, 32, 1, 19 * 1024, 2);

    public Passwords() {
        this.common = load();
    }

    /** How many common passwords are refused. */
    public int commonCount() {
        return common.size();
    }

    /** Refuses a password the policy does not take, naming the field ({@code password}) and why. */
    public void check(String password) {
        int characters = password == null ? 0 : password.codePointCount(0, password.length());
        if (characters < MIN_CHARACTERS || characters > MAX_CHARACTERS) {
            throw Refused.invalidField("password", "A password has " + MIN_CHARACTERS + " to " + MAX_CHARACTERS
                    + " characters (any characters, spaces too); this one has " + characters + ".");
        }
        if (common.contains(password.toLowerCase(Locale.ROOT))) {
            throw Refused.invalidField("password", "This password is one of the most common ones and is tried "
                    + "first by anyone guessing; choose another (a few unrelated words make a good one).");
        }
    }

    /** The stored form of a password the policy takes. */
    public String hash(String password) {
        check(password);
        return argon2.encode(password);
    }

    /** Whether a password is the one a stored hash was made from. */
    public boolean matches(String password, String hash) {
        return password != null && hash != null && argon2.matches(password, hash);
    }

    private static Set<String> load() {
        Set<String> out = new HashSet<>();
        try (InputStream in = Passwords.class.getResourceAsStream(COMMON)) {
            if (in == null) {
                throw new IllegalStateException("the common passwords list " + COMMON + " is not on the classpath");
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                String password = line.strip();
                if (!password.isEmpty()) {
                    out.add(password.toLowerCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
