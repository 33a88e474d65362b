package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;

/**
 * Writes an RFC 9457 problem from outside the controllers (servlet filters, Spring Security's entry points), in the
 * same form {@link ProblemAdvice} gives them.
 */
@Component
public class ProblemResponses {

    private final JsonMapper json;

    ProblemResponses(JsonMapper json) {
        this.json = json;
    }

    public void write(HttpServletResponse response, Refused problem) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        Refusal refusal = problem.refusal();
        if (refusal.retryAfter() != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(refusal.retryAfter()));
        }
        response.setStatus(Problems.code(refusal.kind()));
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), Problems.members(refusal));
    }

    public void write(HttpServletResponse response, Refusal.Kind kind, String title, String detail)
            throws IOException {
        write(response, Refused.of(kind, title, detail));
    }
}
