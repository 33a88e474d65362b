package dev.tilewright.cli;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** tilewright.json's map patterns match paths as .gitignore and CI configs do. */
class GlobTest {

    @Test
    void starsKeepToAFolderAndDoubleStarsCrossThem() {
        Glob levels = Glob.of("maps/*.tmx");
        assertThat(levels.matches("maps/a.tmx")).isTrue();
        assertThat(levels.matches("maps/deep/a.tmx")).isFalse();
        assertThat(levels.matches("maps/a.tmj")).isFalse();
        Glob all = Glob.of("maps/**/*.tmx");
        assertThat(all.matches("maps/a.tmx")).as("**/ is also no folder").isTrue();
        assertThat(all.matches("maps/x/y/a.tmx")).isTrue();
        assertThat(all.matches("other/a.tmx")).isFalse();
        assertThat(Glob.of("**/*.{tmx,tmj}").matches("a/b.tmj")).isTrue();
        assertThat(Glob.of("**/*.{tmx,tmj}").matches("a/b.tsx")).isFalse();
        assertThat(Glob.of("level?.tmx").matches("level1.tmx")).isTrue();
        assertThat(Glob.of("level?.tmx").matches("level12.tmx")).isFalse();
        assertThat(Glob.of("a.b+(c).tmx").matches("a.b+(c).tmx")).as("other characters are themselves").isTrue();
        assertThat(Glob.of("a.b+(c).tmx").matches("aXb+(c).tmx")).isFalse();
    }

    @Test
    void anUnclosedBraceIsAUsageError() {
        assertThatThrownBy(() -> Glob.of("maps/{a,b.tmx")).isInstanceOf(Exit.Failure.class)
                .hasMessageContaining("does not close");
    }
}
