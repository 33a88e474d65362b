package dev.tilewright.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code tilewright COMMAND ...}: the command line (docs/ci.md). Exits with {@link Exit}'s codes: 0 all good, 1
 * checks failed, 2 usage or configuration, 3 the service unreachable or refusing, 4 a file unreadable.
 */
public final class Tilewright {

    private static final Map<String, Command> COMMANDS = new LinkedHashMap<>();

    static {
        for (Command command : List.of(new RenderCommand(), new AsciiCommand(), new DiffCommand(), new CheckCommand(),
                new PullCommand(), new PushCommand(), new LdtkCommand(), new TextconvCommand(), new MergeDriverCommand())) {
            COMMANDS.put(command.name(), command);
        }
    }

    private Tilewright() {
    }

    public static void main(String[] args) {
        PrintStream out = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), false,
                StandardCharsets.UTF_8);
        PrintStream err = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.err), true,
                StandardCharsets.UTF_8);
        int code = run(List.of(args), out, err);
        out.flush();
        System.exit(code);
    }

    /** Runs one command line; its exit code. */
    static int run(List<String> words, PrintStream out, PrintStream err) {
        if (words.isEmpty() || List.of("--help", "-h", "help").contains(words.get(0)) && words.size() == 1) {
            (words.isEmpty() ? err : out).print(overview());
            return words.isEmpty() ? Exit.USAGE.code : Exit.OK.code;
        }
        if (words.get(0).equals("--version")) {
            out.println("tilewright " + version());
            return Exit.OK.code;
        }
        boolean helpOf = words.get(0).equals("help");
        String name = helpOf ? words.get(1) : words.get(0);
        Command command = COMMANDS.get(name);
        if (command == null) {
            err.println("tilewright: no command '" + name + "'. Commands: " + String.join(", ", COMMANDS.keySet())
                    + " (tilewright --help)");
            return Exit.USAGE.code;
        }
        List<String> rest = words.subList(helpOf ? 2 : 1, words.size());
        if (helpOf || rest.contains("--help") || rest.contains("-h")) {
            out.print(command.help());
            return Exit.OK.code;
        }
        try {
            Set<String> valued = new HashSet<>(command.valued());
            Args args = Args.parse(rest, valued, command.flags());
            return command.run(args, out, err).code;
        } catch (Exit.Failure failure) {
            out.flush();
            err.println("tilewright " + name + ": " + failure.getMessage());
            return failure.exit.code;
        } catch (OutOfMemoryError e) {
            err.println("tilewright " + name + ": out of memory (give the JVM more with JAVA_TOOL_OPTIONS=-Xmx...)");
            return Exit.FILE.code;
        }
    }

    private static String overview() {
        StringBuilder text = new StringBuilder("""
                usage: tilewright COMMAND [OPTIONS] ...
                       tilewright help COMMAND     (or COMMAND --help)

                Maps in Tiled's files (TMX, TMJ, TSX, TSJ) for CI jobs and terminals, drawn and compared by
                Tilewright's own renderer and model. Commands:
                """);
        COMMANDS.values().forEach(c -> text.append(String.format("  %-13s %s%n", c.name(), c.summary())));
        text.append("""

                Exit codes: 0 all good, 1 checks failed, 2 usage or configuration, 3 service unreachable or
                refusing, 4 a file could not be read. More: docs/ci.md.
                """);
        return text.toString();
    }

    static String version() {
        String version = Tilewright.class.getPackage().getImplementationVersion();
        return version == null ? "(development build)" : version;
    }
}
