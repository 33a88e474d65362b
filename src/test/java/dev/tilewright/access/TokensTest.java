package dev.tilewright.access;

import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class TokensTest {

    private final Tokens tokens = new Tokens(new SecureRandom());

    @Test
    void eachKindIsRecognisedByItsPrefixAndEveryTokenIsNew() {
        Set<String> seen = new HashSet<>();
        for (Tokens.Kind kind : Tokens.Kind.values()) {
            for (int i = 0; i < 200; i++) {
                String token = tokens.generate(kind);
                assertThat(token).hasSize(53).startsWith(kind.prefix()).matches("tw[pbsi]_[0-9A-Za-z]{49}");
                assertThat(Tokens.kind(token)).contains(kind);
                assertThat(seen.add(token)).as("never the same twice").isTrue();
            }
        }
    }

    @Test
    void anyOneCharacterMistypedIsRefusedBeforeAnyLookup() {
        String token = tokens.generate(Tokens.Kind.PERSONAL);
        String alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
        int refused = 0;
        for (int at = 0; at < token.length(); at++) {
            for (char c : (alphabet + "_-").toCharArray()) {
                if (c != token.charAt(at)) {
                    String typo = token.substring(0, at) + c + token.substring(at + 1);
                    assertThat(Tokens.kind(typo)).as(typo).isEmpty();
                    refused++;
                }
            }
        }
        assertThat(refused).isEqualTo(53 * 63);
        assertThat(Tokens.kind(token.substring(1))).isEmpty();
        assertThat(Tokens.kind(token + "0")).isEmpty();
        assertThat(Tokens.kind(null)).isEmpty();
    }

    @Test
    void theBodyIsTheSecretInBase62EvenForTheLargestAndSmallest() {
        byte[][] secrets = {new byte[32], filled((byte) 0xFF), filled((byte) 0x5A)};
        for (byte[] secret : secrets) {
            Tokens fixed = new Tokens(new SecureRandom() {
                @Override
                public void nextBytes(byte[] bytes) {
                    System.arraycopy(secret, 0, bytes, 0, bytes.length);
                }
            });
            String token = fixed.generate(Tokens.Kind.BOT);
            assertThat(Tokens.kind(token)).contains(Tokens.Kind.BOT);
            java.math.BigInteger body = java.math.BigInteger.ZERO;
            for (char c : token.substring(4, 47).toCharArray()) {
                body = body.multiply(java.math.BigInteger.valueOf(62)).add(java.math.BigInteger.valueOf(
                        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".indexOf(c)));
            }
            assertThat(body).isEqualTo(new java.math.BigInteger(1, secret));
        }
    }

    private static byte[] filled(byte fill) {
        byte[] bytes = new byte[32];
        Arrays.fill(bytes, fill);
        return bytes;
    }

    @Test
    void onlyTheHashAndAHintAreKept() {
        String token = tokens.generate(Tokens.Kind.SHARE);
        assertThat(Tokens.hash(token)).hasSize(32).isEqualTo(Tokens.hash(new String(token)))
                .isNotEqualTo(Tokens.hash(tokens.generate(Tokens.Kind.SHARE)));
        assertThat(Tokens.hint(token)).isEqualTo("tws_…" + token.substring(49)).doesNotContain(token.substring(4, 49));
    }
}
