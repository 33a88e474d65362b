package dev.tilewright.access;

import dev.tilewright.core.refusal.Refused;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PasswordsTest {

    private static final Passwords PASSWORDS = new Passwords();

    private static String field(Runnable check) {
        try {
            check.run();
            return null;
        } catch (Refused refused) {
            return String.valueOf(refused.refusal().extras().get("field"));
        }
    }

    @Test
    void eightToOneHundredTwentyEightCharactersOfAnyKindNoCompositionRules() {
        assertThat(field(() -> PASSWORDS.check("zebra-7"))).isEqualTo("password");
        assertThat(field(() -> PASSWORDS.check("zebra-tw"))).isNull();
        assertThat(field(() -> PASSWORDS.check("all lower case words"))).isNull();
        assertThat(field(() -> PASSWORDS.check("🦓🦓🦓🦓🦓🦓🦓🦓"))).as("8 characters, 16 UTF-16 units").isNull();
        assertThat(field(() -> PASSWORDS.check("🦓🦓🦓🦓🦓🦓🦓"))).isEqualTo("password");
        assertThat(field(() -> PASSWORDS.check("q".repeat(60) + "z".repeat(68)))).isNull();
        assertThat(field(() -> PASSWORDS.check("q".repeat(60) + "z".repeat(69)))).isEqualTo("password");
        assertThat(field(() -> PASSWORDS.check(null))).isEqualTo("password");
    }

    @Test
    void theCommonPasswordsOfTheBundledListAreRefusedInAnyCase() throws Exception {
        assertThat(PASSWORDS.commonCount()).isGreaterThanOrEqualTo(10_000);
        List<String> listed;
        try (var in = new BufferedReader(new InputStreamReader(
                Passwords.class.getResourceAsStream(Passwords.COMMON), StandardCharsets.UTF_8))) {
            listed = in.lines().map(String::strip).filter(p -> p.codePointCount(0, p.length()) >= 8).toList();
        }
        assertThat(listed).hasSizeGreaterThan(5_000);
        for (String common : listed) {
            assertThat(field(() -> PASSWORDS.check(common))).as(common).isEqualTo("password");
            assertThat(field(() -> PASSWORDS.check(common.toUpperCase()))).as(common).isEqualTo("password");
        }
    }

    @Test
    void storedAsArgon2idWithItsOwnSaltAndCheckedAgainstIt() {
        String hash = PASSWORDS.hash("correct horse battery");
        assertThat(hash).startsWith("$argon2id$v=19$m=19456,t=2,p=1$");
        assertThat(PASSWORDS.hash("correct horse battery")).as("a salt of its own").isNotEqualTo(hash);
        assertThat(PASSWORDS.matches("correct horse battery", hash)).isTrue();
        assertThat(PASSWORDS.matches("correct horse batterY", hash)).isFalse();
        assertThat(PASSWORDS.matches(null, hash)).isFalse();
        assertThatThrownBy(() -> PASSWORDS.hash("password")).isInstanceOf(Refused.class);
    }
}
