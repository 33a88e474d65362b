package dev.tilewright.format;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What an import could not keep, said rather than dropped in silence: where in the file (a path such as
 * {@code tileset[desert].wangsets}) and what happens instead. At most {@link #MAX} are listed, then how many more.
 */
public final class Warnings {

    /** One thing not kept as it was. */
    public record Warning(String path, String what) {
    }

    static final int MAX = 100;

    private final Set<Warning> listed = new LinkedHashSet<>();
    private int more;

    public void add(String path, String what) {
        Warning warning = new Warning(path, what);
        if (listed.size() < MAX) {
            listed.add(warning);
        } else if (!listed.contains(warning)) {
            more++;
        }
    }

    /** The warnings in the order met (and a last one counting those past the bound). */
    public List<Warning> list() {
        List<Warning> all = new ArrayList<>(listed);
        if (more > 0) {
            all.add(new Warning("", more + " more warnings like these"));
        }
        return all;
    }
}
