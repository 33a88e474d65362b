package dev.tilewright.tiled;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipInputStream;

/**
 * An upload's files as the reader wants them: a {@code .zip} becomes its entries, by their paths inside it (folders
 * and macOS' {@code __MACOSX/} left out), and a {@code .gz} file (Debian ships Tiled's examples as {@code .tmx.gz},
 * {@code .tsx.gz}) its content under its name without {@code .gz}, in a zip too. What comes out is held to the same
 * limits as what was sent — {@code max-import-files} files and {@code max-import-bytes} bytes in all — counted as it
 * is inflated, so a zip or gzip bomb stops at the limit with a 413 and no more is read.
 */
final class Unpack {

    private final int maxFiles;
    private final long maxBytes;
    private final Map<String, byte[]> out = new LinkedHashMap<>();
    private long bytes;

    private Unpack(int maxFiles, long maxBytes) {
        this.maxFiles = maxFiles;
        this.maxBytes = maxBytes;
    }

    /** The files of an upload by path, zips and gzip files unpacked. */
    static Map<String, byte[]> of(Map<String, byte[]> sent, int maxFiles, long maxBytes) {
        Unpack unpack = new Unpack(maxFiles, maxBytes);
        sent.forEach(unpack::add);
        return unpack.out;
    }

    private void add(String path, byte[] content) {
        String lower = path.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".zip")) {
            unzip(path, content);
        } else if (lower.endsWith(".gz")) {
            put(path.substring(0, path.length() - 3), read(path, gunzip(path, content)));
        } else {
            put(path, content);
        }
    }

    private void unzip(String zip, byte[] content) {
        try (ZipInputStream entries = new ZipInputStream(new ByteArrayInputStream(content))) {
            int seen = 0;
            for (ZipEntry entry = entries.getNextEntry(); entry != null; entry = entries.getNextEntry()) {
                if (++seen > 2L * maxFiles) {
                    // folders count too (at most one per file, about): a zip of nothing but entries stops here
                    throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-import-files",
                            maxFiles, zip + " holds more than " + 2L * maxFiles + " entries (files and folders)")
                            .with("field", "files").with("file", zip);
                }
                String name = entry.getName();
                if (entry.isDirectory() || name.startsWith("__MACOSX/") || name.contains("/__MACOSX/")) {
                    continue;
                }
                if (name.toLowerCase(Locale.ROOT).endsWith(".gz")) {
                    put(name.substring(0, name.length() - 3), read(name, gunzip(name, entries)));
                } else {
                    put(name, read(name, entries));
                }
            }
            if (seen == 0) {
                throw Refused.invalidField("files", zip + " is not a zip file or holds no file; send a .zip of "
                        + "the map and what it references.").with("file", zip);
            }
        } catch (ZipException e) {
            throw Refused.invalidField("files", zip + " cannot be read as a zip file (" + e.getMessage()
                    + "); send it again or send the files themselves.").with("file", zip);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static InputStream gunzip(String path, byte[] content) {
        return gunzip(path, new ByteArrayInputStream(content));
    }

    private static InputStream gunzip(String path, InputStream in) {
        try {
            return new GZIPInputStream(new NonClosing(in));
        } catch (IOException e) {
            throw notGzip(path, e);
        }
    }

    private static Refused notGzip(String path, IOException e) {
        return Refused.invalidField("files", path + " cannot be read as gzip (" + e.getMessage()
                + "); send it again, or send it unpacked without .gz.").with("file", path);
    }

    /** Reads a stream to its end, within the bytes left; past them a 413 before more is read. */
    private byte[] read(String path, InputStream in) {
        long left = maxBytes - bytes;
        java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
        byte[] chunk = new byte[64 * 1024];
        try {
            for (int n = in.read(chunk); n >= 0; n = in.read(chunk)) {
                if (buffer.size() + (long) n > left) {
                    throw tooLarge(path);
                }
                buffer.write(chunk, 0, n);
            }
        } catch (ZipException e) {
            throw Refused.invalidField("files", path + " cannot be unpacked (" + e.getMessage() + ").")
                    .with("file", path);
        } catch (IOException e) {
            throw notGzip(path, e);
        }
        return buffer.toByteArray();
    }

    private void put(String path, byte[] content) {
        if (out.containsKey(path)) {
            throw Refused.invalidField("files", "Two files of the upload are " + path + " (one of them packed); "
                    + "send one.").with("file", path);
        }
        if (out.size() + 1 > maxFiles) {
            throw Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-import-files", maxFiles,
                    "the upload unpacks to more than " + maxFiles + " files").with("field", "files");
        }
        if (bytes + content.length > maxBytes) {
            throw tooLarge(path);
        }
        bytes += content.length;
        out.put(path, content);
    }

    private Refused tooLarge(String path) {
        return Refused.overLimit(Refusal.Kind.TOO_LARGE, "tilewright.limits.max-import-bytes", maxBytes,
                "the upload unpacks to more than " + maxBytes + " bytes (at " + path + ")").with("field", "files")
                .with("file", path);
    }

    /** A zip entry's stream that a gzip reader on it may close without closing the zip. */
    private static final class NonClosing extends java.io.FilterInputStream {
        NonClosing(InputStream in) {
            super(in);
        }

        @Override
        public void close() {
            // the zip goes on to its next entry
        }
    }
}
