package dev.tilewright.format;

import dev.tilewright.core.model.CustomTypes;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The files of one upload by path. A reference written in a file is resolved against that file's folder and
 * must stay inside the upload: absolute paths, drive letters, URLs and {@code ..} that climb out are refused.
 * When a resolved path was not sent but exactly one sent file has its name (curl sends bare file names), that
 * file is used.
 */
public final class TiledFiles {

    private final Map<String, byte[]> files = new LinkedHashMap<>();
    private final CustomTypes uploadedTypes;
    private final CustomTypes types;
    /** Reads a file of the tree that was not handed over, by its path in the tree (null: there is none). */
    private final Function<String, byte[]> rest;
    /** Whether the files are a folder tree read by path (no file is taken for another of its name). */
    private final boolean tree;

    public TiledFiles(Map<String, byte[]> byPath) {
        this(byPath, CustomTypes.NONE);
    }

    /**
     * The files of a folder tree read as they are referenced (the command line's, in a repository): {@code rest}
     * gives a file by its path in the tree, or null when there is none; {@code byPath} those read already.
     */
    public TiledFiles(Map<String, byte[]> byPath, CustomTypes types, Function<String, byte[]> rest) {
        this(byPath, types, Objects.requireNonNull(rest), true);
    }

    /**
     * The files, read with the custom property types of the project they go to and those of a {@code .tiled-project}
     * among them (the project's own definition winning where both define a type).
     */
    public TiledFiles(Map<String, byte[]> byPath, CustomTypes projectTypes) {
        this(byPath, projectTypes, path -> null, false);
    }

    private TiledFiles(Map<String, byte[]> byPath, CustomTypes projectTypes,
                       Function<String, byte[]> rest, boolean tree) {
        this.rest = rest;
        this.tree = tree;
        byPath.forEach((path, bytes) -> files.put(normalise(path, path), bytes));
        CustomTypes sent = CustomTypes.NONE;
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            if (file.getKey().toLowerCase(java.util.Locale.ROOT).endsWith(TiledProject.ENDING)) {
                sent = sent.with(TiledProject.read(file.getValue(), file.getKey()));
            }
        }
        this.uploadedTypes = sent;
        this.types = sent.with(projectTypes);
    }

    /** The custom property types properties are read with: the upload's, and the project's over them. */
    public CustomTypes types() {
        return types;
    }

    /** The custom property types of a {@code .tiled-project} in the upload (none without one). */
    public CustomTypes uploadedTypes() {
        return uploadedTypes;
    }

    /** A name (a map's, a tileset's) as a file name: letters, digits, {@code . _ -}, else {@code _}; "map" if none. */
    public static String safeName(String name) {
        String safe = name.replaceAll("[^A-Za-z0-9._-]+", "_").replaceAll("^[._]+", "");
        return safe.isEmpty() ? "map" : safe;
    }

    public Set<String> paths() {
        return files.keySet();
    }

    /** The path a reference in {@code fromFile} names, inside the upload. */
    public String resolve(String fromFile, String reference) {
        return resolved(fromFile, reference);
    }

    /** A file's name without its folder and ending ({@code maps/desert.tmx} -> {@code desert}): a map's name. */
    public static String baseName(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot > 0 ? name.substring(0, dot) : name;
    }

    /** A path with its file name's ending replaced ({@code maps/a.tmj} -> {@code maps/a.tmx}). */
    public static String withEnding(String path, String ending) {
        int slash = path.lastIndexOf('/');
        int dot = path.lastIndexOf('.');
        return (dot > slash + 1 ? path.substring(0, dot) : path) + ending;
    }

    /** How a file at {@code fromFile} refers to {@code path} (both inside one folder tree): {@code ../tilesets/a.tsx}. */
    public static String relative(String fromFile, String path) {
        List<String> from = new ArrayList<>(List.of(fromFile.split("/")));
        from.remove(from.size() - 1);
        List<String> to = List.of(path.split("/"));
        int common = 0;
        while (common < from.size() && common < to.size() - 1 && from.get(common).equals(to.get(common))) {
            common++;
        }
        StringBuilder reference = new StringBuilder("../".repeat(from.size() - common));
        reference.append(String.join("/", to.subList(common, to.size())));
        return reference.toString();
    }

    /**
     * The path a reference written in {@code fromFile} names, inside the folder tree {@code fromFile} is in: refused
     * (a {@link TiledFormatException}) when absolute, a URL, or climbing out of it with {@code ..}.
     */
    public static String resolved(String fromFile, String reference) {
        if (reference == null || reference.isBlank()) {
            throw TiledFormatException.invalid(fromFile, "a file reference is empty");
        }
        String ref = reference.replace('\\', '/');
        if (ref.startsWith("/") || ref.matches("^[A-Za-z]:.*") || ref.contains("://") || ref.startsWith("~")) {
            throw TiledFormatException.invalid(fromFile, "'" + reference
                    + "' points outside the upload; references must be relative paths inside it");
        }
        int slash = fromFile.lastIndexOf('/');
        String folder = slash < 0 ? "" : fromFile.substring(0, slash + 1);
        return normalise(fromFile, folder + ref);
    }

    public byte[] read(String fromFile, String path) {
        byte[] bytes = files.get(path);
        if (bytes == null && (bytes = rest.apply(path)) != null) {
            files.put(path, bytes);
        }
        if (bytes != null) {
            return bytes;
        }
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (tree) {
            throw TiledFormatException.missing(fromFile, path, "'" + path + "' is referenced by " + fromFile
                    + " but there is no such file");
        }
        List<String> sameName = files.keySet().stream()
                .filter(p -> p.equals(name) || p.endsWith("/" + name)).toList();
        if (sameName.size() == 1) {
            return files.get(sameName.get(0));
        }
        throw TiledFormatException.missing(fromFile, path, "'" + path
                + "' is referenced by " + fromFile + " but was not sent; add it as a files part"
                + (sameName.size() > 1 ? " (several sent files are called " + name + "; send it by its path)" : ""));
    }

    private static String normalise(String fromFile, String path) {
        String[] parts = path.replace('\\', '/').split("/");
        java.util.ArrayDeque<String> out = new java.util.ArrayDeque<>();
        for (String part : parts) {
            if (part.isEmpty() || part.equals(".")) {
                continue;
            }
            if (part.equals("..")) {
                if (out.isEmpty()) {
                    throw TiledFormatException.invalid(fromFile, "'" + path + "' climbs out of the upload with ..");
                }
                out.removeLast();
            } else {
                out.addLast(part);
            }
        }
        return out.stream().collect(Collectors.joining("/"));
    }
}
