package dev.tilewright.support;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropagationMode;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

import java.util.Locale;

/**
 * How many tries a property test makes is set by configuration: {@code -Dtilewright.tries=F} multiplies what each
 * property states (its {@code tries}, else jqwik's 1,000) by F, at least one try. The fast lane ({@code ./mvnw test}
 * on a developer's machine) runs with the pom's default, a quarter; {@code .ci/run} keeps every property's full count
 * (F = 1) or more. Registered for every property through {@code META-INF/services}.
 */
public final class Tries implements AroundPropertyHook {

    /** The system property naming the factor. */
    public static final String FACTOR = "tilewright.tries";
    private static final int JQWIK_DEFAULT = 1000;

    /** Registered once for the engine, it reaches every property below it. */
    @Override
    public PropagationMode propagateTo() {
        return PropagationMode.ALL_DESCENDANTS;
    }

    @Override
    public PropertyExecutionResult aroundProperty(PropertyLifecycleContext context, PropertyExecutor property) {
        double factor = factor();
        if (factor != 1) {
            int stated = context.attributes().tries().orElse(JQWIK_DEFAULT);
            context.attributes().setTries((int) Math.max(1, Math.round(stated * factor)));
        }
        return property.execute();
    }

    /** The factor configured, 1 when none is; a value that is not a positive number is a mistake said so. */
    static double factor() {
        String value = System.getProperty(FACTOR, "1").trim();
        try {
            double factor = Double.parseDouble(value);
            if (factor > 0 && Double.isFinite(factor)) {
                return factor;
            }
        } catch (NumberFormatException ignored) {
            // said below
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "-D%s=%s: give a positive number, the factor on each property's tries (1 keeps them)", FACTOR, value));
    }
}
