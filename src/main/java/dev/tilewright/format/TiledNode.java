package dev.tilewright.format;

import java.util.List;

/**
 * A node of a Tiled file in either syntax, as the one reading of Tiled's model ({@link TiledReader}) asks it: its
 * named values (an element's attributes, an object's members), the parts Tiled nests under the same name in both
 * syntaxes ({@code tileoffset}, {@code grid}, {@code objectgroup}...), and the lists each syntax spells its own way
 * (a TMX element's children, a TMJ array).
 */
interface TiledNode<N extends TiledNode<N>> extends Fields {

    /** The names of its values, for the warnings of what is not kept. */
    Iterable<String> names();

    /** The part called {@code name} (a child element; a member that is an object), or null. */
    N part(String name);

    /**
     * A list: in TMX the {@code xmlItem} children of its {@code xmlList} child (of itself when that is null), in TMJ
     * the objects of its {@code jsonList} array; empty when there is none.
     */
    List<N> items(String xmlList, String xmlItem, String jsonList);

    /** Whether it has the child element {@code xml} (TMX) or the member {@code json} (TMJ). */
    boolean hasPart(String xml, String json);
}
