package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.boot.jackson.autoconfigure.JacksonProperties;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;

/**
 * JSON request bodies are read within two bounds, both Spring's Jackson settings
 * ({@code spring.jackson.factory.constraints.read.*}): their length in bytes and their nesting depth. A body that
 * says it is longer is refused before a byte of it is read (413); one that turns out longer as it streams in, or
 * nests deeper, is refused as the parser reaches the bound ({@link ProblemAdvice}). Either names the setting.
 */
@Component
class JsonLimits extends OncePerRequestFilter {

    static final String MAX_BYTES = "spring.jackson.factory.constraints.read.max-document-length";
    static final String MAX_DEPTH = "spring.jackson.factory.constraints.read.max-nesting-depth";

    private final JacksonProperties jackson;
    private final JsonMapper json;

    JsonLimits(JacksonProperties jackson, JsonMapper json) {
        this.jackson = jackson;
        this.json = json;
    }

    private long maxBytes() {
        return jackson.getFactory().getConstraints().getRead().getMaxDocumentLength();
    }

    @Override
    protected boolean shouldNotFilter(HttpServletRequest request) {
        String type = request.getContentType();
        if (maxBytes() <= 0 || type == null) {
            return true;
        }
        try {
            return !MediaType.parseMediaType(type).isCompatibleWith(MediaType.APPLICATION_JSON);
        } catch (InvalidMediaTypeException notAType) {
            return true; // not JSON: the handler answers it (415)
        }
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long length = request.getContentLengthLong();
        if (length > maxBytes()) {
            Refused problem = Refused.overLimit(Refusal.Kind.TOO_LARGE, MAX_BYTES, maxBytes(),
                    "The JSON body has " + length + " bytes; send it in parts").with("field", "body");
            response.setStatus(Problems.code(problem.kind()));
            response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
            // the rest of the body is not read: the connection closes after the answer
            response.setHeader("Connection", "close");
            json.writeValue(response.getOutputStream(), Problems.detail(problem.refusal()));
            return;
        }
        chain.doFilter(request, response);
    }

    /** The problem for a body the parser stopped at a bound. */
    Refused refusal(StreamConstraintsException limit) {
        String message = String.valueOf(limit.getMessage());
        if (message.contains("nesting depth")) {
            int depth = jackson.getFactory().getConstraints().getRead().getMaxNestingDepth();
            return Refused.overLimit(Refusal.Kind.INVALID, MAX_DEPTH, depth,
                    "The JSON body nests deeper than " + depth + " levels").with("field", "body");
        }
        if (message.contains("Document length")) {
            return Refused.overLimit(Refusal.Kind.TOO_LARGE, MAX_BYTES, maxBytes(),
                    "The JSON body is longer than the limit; send it in parts").with("field", "body");
        }
        return Refused.of(Refusal.Kind.TOO_LARGE, "Over a limit", "The JSON body is over a parsing limit "
                + "(spring.jackson.factory.constraints.read.*): " + message).with("field", "body");
    }
}
