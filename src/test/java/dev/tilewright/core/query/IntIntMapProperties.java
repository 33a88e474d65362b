package dev.tilewright.core.query;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** IntIntMap against java.util.HashMap: random puts, gets and removals over key ranges small enough to collide. */
class IntIntMapProperties {

    @Property(tries = 200)
    void behavesAsAHashMap(@ForAll long seed, @ForAll @IntRange(min = 1, max = 5000) int keyRange) {
        Random random = new Random(seed);
        IntIntMap ours = new IntIntMap();
        Map<Integer, Integer> oracle = new HashMap<>();
        for (int step = 0; step < 3000; step++) {
            // keys near 0 and near the int range's ends, so probe runs wrap round the table
            int key = random.nextInt(keyRange) * (random.nextBoolean() ? 1 : 1 << 20) + (random.nextInt(4) == 0
                    ? Integer.MAX_VALUE - keyRange : 0);
            if (key == Integer.MIN_VALUE) {
                continue; // the free marker (sums above may wrap onto it)
            }
            int op = random.nextInt(3);
            if (op == 0) {
                int value = random.nextInt(1_000_000);
                ours.put(key, value);
                oracle.put(key, value);
            } else if (op == 1) {
                assertThat(ours.remove(key, -1)).isEqualTo(oracle.containsKey(key) ? oracle.remove(key) : -1);
            } else {
                assertThat(ours.get(key, -1)).isEqualTo(oracle.getOrDefault(key, -1));
            }
            assertThat(ours.size()).isEqualTo(oracle.size());
        }
        oracle.forEach((k, v) -> assertThat(ours.get(k, -1)).isEqualTo(v));
    }

    @Property(tries = 1)
    void theFreeMarkerIsNoKey() {
        assertThatThrownBy(() -> new IntIntMap().put(Integer.MIN_VALUE, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
