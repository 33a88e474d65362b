package dev.tilewright.map;

import java.util.List;

/**
 * One SQL statement and its arguments, to go to PostgreSQL in the same round trip as the op log's append
 * ({@link OpLog#append(long, List, List)}): what a commit writes besides its ops costs no wait of its own.
 */
record SqlStep(String sql, List<Object> args) {

    static SqlStep of(String sql, Object... args) {
        return new SqlStep(sql, List.of(args));
    }
}
