package dev.tilewright.support;

import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The tests of this class (or this method) drive external programs. When one is missing they are skipped on a
 * developer's machine, with one line naming the package to install; in CI ({@code CI=true}) a missing program fails
 * them instead, so CI never skips.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(ToolCondition.class)
public @interface RequiresTools {
    Tool[] value();
}
