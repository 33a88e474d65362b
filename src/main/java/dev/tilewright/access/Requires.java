package dev.tilewright.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a route needs, checked by {@link AccessInterceptor} with {@link Access} before the handler runs. Every
 * handler says it: one without is refused (a forgotten check fails closed, and the access-matrix test names it).
 */
@Target(ElementType.METHOD)
@Retention(RetentionPolicy.RUNTIME)
public @interface Requires {

    /** The action needed on what {@link #on()} names. */
    Roles.Action value() default Roles.Action.VIEW;

    /** What the action is on. */
    On on();

    /** What a route acts on: where the interceptor finds it. */
    enum On {
        /** the map named by the path variable {@code id} */
        MAP,
        /** the tileset named by the path variable {@code id} */
        TILESET,
        /** the world named by the path variable {@code id} (its project's roles: a world is seen with its maps) */
        WORLD,
        /** the project named by the path variable {@code id} */
        PROJECT,
        /**
         * the team named by the path variable {@code id}: its members may view it, its owners and admins maintain
         * it
         */
        TEAM,
        /**
         * any authenticated caller; the handler asks {@link Access} itself (what it lists or makes is in a project
         * it resolves: {@link Access#visibleProjects}, {@link Access#projectToWrite})
         */
        CALLER,
        /** the instance admin only */
        ADMIN,
        /** anyone, signed in or not (sign-in, first-run setup) */
        ANYONE
    }
}
