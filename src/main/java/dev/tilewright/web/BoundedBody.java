package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import jakarta.servlet.http.HttpServletRequest;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A request body read whole for a handler that needs its bytes, within a limit counted as it streams: a declared
 * length over the limit is refused before a byte is read, and a body that turns out longer (chunked, or lying about
 * its length) is refused at the first byte past it — never read to its end first. The refusal (413) names the
 * setting; the connection closes after it ({@link ProblemAdvice}), so the rest is not read either.
 */
public final class BoundedBody {

    private BoundedBody() {
    }

    public static byte[] read(HttpServletRequest request, long max, String property, String what) {
        long declared = request.getContentLengthLong();
        if (declared > max) {
            throw tooLarge(max, property, what + " hold " + declared + " bytes");
        }
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (body.length > max) {
                throw tooLarge(max, property, what + " hold more than " + max + " bytes");
            }
            return body;
        } catch (IOException e) {
            throw new UncheckedIOException("The request body could not be read", e);
        }
    }

    private static Refused tooLarge(long max, String property, String detail) {
        return Refused.overLimit(Refusal.Kind.TOO_LARGE, property, max, detail).with("field", "body");
    }
}
