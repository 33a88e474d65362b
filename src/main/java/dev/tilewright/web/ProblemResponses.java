package dev.tilewright.web;

import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

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

    public void write(HttpServletResponse response, ApiProblem problem) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", problem.toProblemDetail().getTitle());
        body.put("status", problem.status().value());
        body.put("detail", problem.getMessage());
        Map<String, Object> extras = problem.toProblemDetail().getProperties();
        if (extras != null) {
            body.putAll(extras);
        }
        if (problem.retryAfter() != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(problem.retryAfter()));
        }
        response.setStatus(problem.status().value());
        response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
        json.writeValue(response.getOutputStream(), body);
    }

    public void write(HttpServletResponse response, HttpStatus status, String title, String detail)
            throws IOException {
        write(response, ApiProblem.of(status, title, detail));
    }
}
