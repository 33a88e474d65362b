package dev.tilewright.cli;

import java.io.PrintStream;
import java.util.Set;

/** One of the command line's commands: its name, what it does in a line, its usage, and its options. */
interface Command {

    String name();

    /** What it does, in a line of {@code tilewright --help}. */
    String summary();

    /** Its {@code --help}: usage line, what it does, each option. */
    String help();

    /** Options that take a value, without {@code --}. */
    Set<String> valued();

    /** Options that take none. */
    Set<String> flags();

    /** The lines of a command's help about reading files (every command that reads them takes these options). */
    String READING = """
              --root DIR             the folder tree a map's references may reach into (default: the current
                                     folder, or the map's own when it lies outside it)
              --max-bytes N          bytes of files read at most (default 134217728)
              --max-image-pixels N   pixels of one tileset or image layer image at most (default 16777216)
            """;

    /** Two sets of options as one. */
    static Set<String> union(Set<String> some, Set<String> more) {
        Set<String> all = new java.util.HashSet<>(some);
        all.addAll(more);
        return Set.copyOf(all);
    }

    /** Runs it: what it writes goes to {@code out} (results) and {@code err} (warnings, progress). */
    Exit run(Args args, PrintStream out, PrintStream err);
}
