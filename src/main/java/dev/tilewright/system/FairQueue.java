package dev.tilewright.system;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Work waiting its turn, taken round-robin by owner (a project, a caller): whoever has one item waiting gets a turn
 * after at most one item of each other owner, however many those have queued. Within an owner, first in first out.
 *
 * @param <K> who the work is for
 * @param <T> the work
 */
public final class FairQueue<K, T> {

    private final Map<K, ArrayDeque<T>> waiting = new HashMap<>();
    private final ArrayDeque<K> turns = new ArrayDeque<>();

    public synchronized void offer(K owner, T item) {
        waiting.computeIfAbsent(owner, k -> {
            turns.addLast(k);
            return new ArrayDeque<>();
        }).addLast(item);
    }

    /** The next owner's oldest item, or null when nothing waits. */
    public synchronized T poll() {
        K owner = turns.pollFirst();
        if (owner == null) {
            return null;
        }
        ArrayDeque<T> items = waiting.get(owner);
        T item = items.pollFirst();
        if (items.isEmpty()) {
            waiting.remove(owner);
        } else {
            turns.addLast(owner);
        }
        return item;
    }

    public synchronized int size() {
        return waiting.values().stream().mapToInt(ArrayDeque::size).sum();
    }
}
