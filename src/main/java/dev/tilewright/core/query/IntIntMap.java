package dev.tilewright.core.query;

import java.util.Arrays;

/**
 * A map from int keys to int values without boxing: open addressing with linear probing, deletion by shifting the
 * probe run back (no tombstones), kept at most half full. {@link Integer#MIN_VALUE} marks a free slot and is not a
 * key. Not thread-safe.
 */
final class IntIntMap {

    private static final int FREE = Integer.MIN_VALUE;

    private int[] keys = freeKeys(16);
    private int[] values = new int[16];
    private int size;

    private static int[] freeKeys(int capacity) {
        int[] keys = new int[capacity];
        Arrays.fill(keys, FREE);
        return keys;
    }

    private static int home(int key, int mask) {
        int h = key * 0x9E3779B9;
        return (h ^ h >>> 16) & mask;
    }

    /** The value of a key, or {@code missing} when it has none. */
    int get(int key, int missing) {
        int mask = keys.length - 1;
        for (int i = home(key, mask); ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return values[i];
            }
            if (keys[i] == FREE) {
                return missing;
            }
        }
    }

    void put(int key, int value) {
        if (key == FREE) {
            throw new IllegalArgumentException("Integer.MIN_VALUE is not a key");
        }
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        int mask = keys.length - 1;
        int i = home(key, mask);
        while (keys[i] != FREE && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == FREE) {
            size++;
        }
        keys[i] = key;
        values[i] = value;
    }

    /** Removes a key; its value, or {@code missing} when it had none. */
    int remove(int key, int missing) {
        int mask = keys.length - 1;
        int i = home(key, mask);
        while (keys[i] != key) {
            if (keys[i] == FREE) {
                return missing;
            }
            i = (i + 1) & mask;
        }
        int value = values[i];
        size--;
        // shift back the rest of the run: every key that probed past the hole moves into it
        int hole = i;
        for (int j = (hole + 1) & mask; keys[j] != FREE; j = (j + 1) & mask) {
            int want = home(keys[j], mask);
            boolean movable = hole <= j ? want <= hole || want > j : want <= hole && want > j;
            if (movable) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = FREE;
        return value;
    }

    int size() {
        return size;
    }

    private void grow() {
        int[] oldKeys = keys;
        int[] oldValues = values;
        keys = freeKeys(oldKeys.length * 2);
        values = new int[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != FREE) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }
}
