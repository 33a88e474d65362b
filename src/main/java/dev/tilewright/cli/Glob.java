package dev.tilewright.cli;

import java.util.regex.Pattern;

/**
 * A path pattern as .gitignore and CI configs write them, matched against a path relative to the tree ({@code /}
 * between folders): {@code *} and {@code ?} within a folder name, {@code **} across folders ({@code **}{@code /}
 * also none), {@code {a,b}} either.
 */
record Glob(String pattern, Pattern regex) {

    static Glob of(String pattern) {
        StringBuilder re = new StringBuilder();
        int braces = 0;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '*' && i + 1 < pattern.length() && pattern.charAt(i + 1) == '*') {
                boolean slash = i + 2 < pattern.length() && pattern.charAt(i + 2) == '/';
                re.append(slash ? "(?:.*/)?" : ".*");
                i += slash ? 2 : 1;
            } else if (c == '*') {
                re.append("[^/]*");
            } else if (c == '?') {
                re.append("[^/]");
            } else if (c == '{') {
                braces++;
                re.append("(?:");
            } else if (c == '}' && braces > 0) {
                braces--;
                re.append(')');
            } else if (c == ',' && braces > 0) {
                re.append('|');
            } else {
                re.append(Pattern.quote(String.valueOf(c)));
            }
        }
        if (braces != 0) {
            throw Exit.usage("the pattern '" + pattern + "' opens a { it does not close");
        }
        return new Glob(pattern, Pattern.compile(re.toString()));
    }

    boolean matches(String path) {
        return regex.matcher(path).matches();
    }
}
