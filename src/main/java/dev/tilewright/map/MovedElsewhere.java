package dev.tilewright.map;

/**
 * Another instance committed ops on a map, up to {@code version} (PostgreSQL NOTIFY). {@link #ANY} stands for
 * "notifications may have been missed": any map may have moved.
 */
public record MovedElsewhere(long mapId, long version) {

    public static final MovedElsewhere ANY = new MovedElsewhere(-1, -1);

    public boolean any() {
        return mapId < 0;
    }
}
