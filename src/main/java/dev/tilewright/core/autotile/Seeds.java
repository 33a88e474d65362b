package dev.tilewright.core.autotile;

/**
 * The random choices of rules, made per cell from the layer's seed, the rule and the cell only (so a cell no edit
 * reached decides as before): SplitMix64's finaliser over the three, two independent draws per cell.
 */
final class Seeds {

    private static final long GOLDEN = 0x9E3779B97F4A7C15L;

    private Seeds() {
    }

    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static long cell(long seed, long rule, int x, int y) {
        long h = mix(seed + GOLDEN * (rule + 1));
        h = mix(h + GOLDEN * (x & 0xFFFFFFFFL));
        return mix(h + GOLDEN * ((long) y << 32 | 0x5A5AL));
    }

    /** Whether the cell passes a chance in 0..1. */
    static boolean passes(long seed, long rule, int x, int y, double chance) {
        if (chance >= 1) {
            return true;
        }
        return (cell(seed, rule, x, y) >>> 11) * 0x1.0p-53 < chance;
    }

    /** One of n choices for the cell, uniformly. */
    static int pick(long seed, long rule, int x, int y, int n) {
        if (n == 1) {
            return 0;
        }
        long h = mix(cell(seed, rule, x, y) ^ GOLDEN);
        return (int) Long.remainderUnsigned(h, n);
    }
}
