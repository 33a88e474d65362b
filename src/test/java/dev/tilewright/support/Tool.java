package dev.tilewright.support;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * An external program some tests drive, found on the PATH, with the Debian package that brings it (.ci/run
 * installs them all). Tests that need one say so with {@link RequiresTools}.
 */
public enum Tool {
    /** Tiled's command line; the package also ships Tiled's example maps. */
    TILED("tiled", "tiled", Path.of("/usr/share/doc/tiled/examples")),
    /** Tiled's reference renderer. */
    TMXRASTERIZER("tmxrasterizer", "tiled", null),
    CHROMIUM("chromium", "chromium", null),
    CHROMEDRIVER("chromedriver", "chromium-driver", null),
    NODE("node", "nodejs", null),
    /** git, for the command line's git support (textconv, merge driver) in a real repository. */
    GIT("git", "git", null);

    private final String command;
    private final String debianPackage;
    private final Path alsoNeeds;

    Tool(String command, String debianPackage, Path alsoNeeds) {
        this.command = command;
        this.debianPackage = debianPackage;
        this.alsoNeeds = alsoNeeds;
    }

    public String command() {
        return command;
    }

    public String debianPackage() {
        return debianPackage;
    }

    /** The program's path, when it is on the PATH (and what else it brings is there). */
    public Optional<Path> find() {
        if (alsoNeeds != null && !Files.exists(alsoNeeds)) {
            return Optional.empty();
        }
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, command);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** The program's path; fails naming the package when it is missing. */
    public Path path() {
        return find().orElseThrow(() -> new IllegalStateException(missing()));
    }

    String missing() {
        return command + " is not installed: apt-get install " + debianPackage;
    }

    /** Whether this run is CI's, where every test must run (.ci/run sets CI=true). */
    public static boolean inCi() {
        return "true".equalsIgnoreCase(System.getenv("CI"));
    }
}
