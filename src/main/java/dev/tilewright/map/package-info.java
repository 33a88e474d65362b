/**
 * Maps and the one edit path: {@code MapEdits} (validate, apply, log, commit, tell), {@code MapCache} (the
 * decoded maps, the one owner of them), {@code MapReads} (locked reads), {@code MapHistory} (the log, past
 * versions), {@code MapCatalogue} (create, list, delete), the op log and the row storage. Depends on {@code core},
 * {@code tileset}, {@code web}, {@code config}, {@code system}.
 */
package dev.tilewright.map;
