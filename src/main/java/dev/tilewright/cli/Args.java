package dev.tilewright.cli;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A command's arguments: its operands in order and its options ({@code --name value}, {@code --name=value}, or a
 * bare {@code --flag}). Which options take a value is the command's to say; an option it does not know is refused
 * ({@link Exit#USAGE}), and so is one given twice. {@code --} ends the options.
 */
final class Args {

    private final List<String> operands = new ArrayList<>();
    private final Map<String, String> options = new LinkedHashMap<>();

    private Args() {
    }

    /**
     * @param valued the options that take a value (without {@code --})
     * @param flags  the options that take none
     */
    static Args parse(List<String> words, Set<String> valued, Set<String> flags) {
        Args args = new Args();
        boolean ended = false;
        for (int i = 0; i < words.size(); i++) {
            String word = words.get(i);
            if (ended || !word.startsWith("--") || word.equals("-")) {
                args.operands.add(word);
                continue;
            }
            if (word.equals("--")) {
                ended = true;
                continue;
            }
            int eq = word.indexOf('=');
            String name = word.substring(2, eq < 0 ? word.length() : eq);
            String value;
            if (valued.contains(name)) {
                if (eq >= 0) {
                    value = word.substring(eq + 1);
                } else if (i + 1 < words.size()) {
                    value = words.get(++i);
                } else {
                    throw Exit.usage("--" + name + " needs a value");
                }
            } else if (flags.contains(name) && eq < 0) {
                value = "";
            } else {
                throw Exit.usage("unknown option --" + name + (flags.contains(name) ? " (it takes no value)" : ""));
            }
            if (args.options.put(name, value) != null) {
                throw Exit.usage("--" + name + " is given twice");
            }
        }
        return args;
    }

    List<String> operands() {
        return operands;
    }

    /** The operands, refused unless there are between {@code least} and {@code most} of them. */
    List<String> operands(int least, int most, String usage) {
        if (operands.size() < least || operands.size() > most) {
            throw Exit.usage("usage: " + usage);
        }
        return operands;
    }

    boolean has(String name) {
        return options.containsKey(name);
    }

    String get(String name, String otherwise) {
        return options.getOrDefault(name, otherwise);
    }

    /** A whole number option within [least, most]; {@code otherwise} when absent. */
    int number(String name, int otherwise, int least, int most) {
        String value = options.get(name);
        if (value == null) {
            return otherwise;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= least && n <= most) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw Exit.usage("--" + name + " is a whole number from " + least + " to " + most + ", not '" + value + "'");
    }

    /** One of the choices; the first when absent. */
    String choice(String name, List<String> choices) {
        String value = options.getOrDefault(name, choices.get(0));
        if (!choices.contains(value)) {
            throw Exit.usage("--" + name + " is one of " + String.join(", ", choices) + ", not '" + value + "'");
        }
        return value;
    }
}
