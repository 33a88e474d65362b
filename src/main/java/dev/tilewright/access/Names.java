package dev.tilewright.access;

import dev.tilewright.core.refusal.Refused;

/** The names people give things (themselves, teams, tokens): trimmed, 1 to 100 characters, else a 422 (field name). */
final class Names {

    static final int MAX = 100;

    private Names() {
    }

    /** The name as it will be shown; {@code what} ends the refusal's sentence (who sees it, what it is for). */
    static String shown(String name, String what) {
        String shown = name == null ? "" : name.strip();
        if (shown.isEmpty() || shown.codePointCount(0, shown.length()) > MAX) {
            throw Refused.invalidField("name", "Give a name of 1 to " + MAX + " characters" + what + ".");
        }
        return shown;
    }
}
