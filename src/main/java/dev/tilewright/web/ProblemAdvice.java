package dev.tilewright.web;

import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.core.refusal.Refused;

import dev.tilewright.config.StorageProperties;
import dev.tilewright.core.edit.InvalidOpException;
import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import tools.jackson.core.exc.StreamConstraintsException;
import org.springframework.validation.FieldError;
import org.springframework.web.bind.MethodArgumentNotValidException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.context.request.WebRequest;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;
import org.springframework.web.multipart.MaxUploadSizeExceededException;
import org.springframework.web.servlet.mvc.method.annotation.ResponseEntityExceptionHandler;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DatabindException;

/** Turns every refusal into RFC 9457 problem JSON that names the field or the limit. */
@RestControllerAdvice
class ProblemAdvice extends ResponseEntityExceptionHandler {

    private final JsonLimits jsonLimits;
    private final StorageProperties storage;

    ProblemAdvice(JsonLimits jsonLimits, StorageProperties storage) {
        this.jsonLimits = jsonLimits;
        this.storage = storage;
    }

    @ExceptionHandler(Refused.class)
    ResponseEntity<ProblemDetail> apiProblem(Refused problem) {
        Refusal refusal = problem.refusal();
        ResponseEntity.BodyBuilder answer = ResponseEntity.status(Problems.status(refusal.kind()));
        if (refusal.retryAfter() != null) {
            answer.header(HttpHeaders.RETRY_AFTER, String.valueOf(refusal.retryAfter()));
        }
        if (refusal.kind() == Refusal.Kind.TOO_LARGE) {
            // the rest of a body too large is not read: the connection closes after the answer
            answer.header(HttpHeaders.CONNECTION, "close");
        }
        return answer.body(Problems.detail(refusal));
    }

    @ExceptionHandler(InvalidOpException.class)
    ResponseEntity<ProblemDetail> invalidOp(InvalidOpException e) {
        return apiProblem(Refused.invalidField(e.field(), e.getMessage()));
    }

    /**
     * Anything unforeseen: logged with its stack trace, answered as a problem without internals. The database being
     * unreachable (refused, cut, timed out) is foreseen: a 503 with Retry-After, logged in one line.
     */
    @ExceptionHandler(Exception.class)
    ResponseEntity<ProblemDetail> unexpected(Exception e) {
        if (DatabaseAway.is(e)) {
            logger.warn("The database is unreachable: " + e);
            return apiProblem(Refused.databaseAway(storage.retryAfterSeconds()));
        }
        logger.error("Unexpected failure", e);
        return apiProblem(Refused.of(Refusal.Kind.FAILED, "Internal error",
                "The server failed to handle this request; nothing was changed. The failure is logged."));
    }

    @ExceptionHandler(MethodArgumentTypeMismatchException.class)
    ResponseEntity<ProblemDetail> typeMismatch(MethodArgumentTypeMismatchException e) {
        return apiProblem(Refused.badRequest(e.getName(), "'" + e.getValue() + "' is not a valid "
                + e.getName() + "."));
    }

    /** Query parameters bound into a record (a parameter object) that do not convert: 400 naming the first. */
    @Override
    protected @Nullable ResponseEntity<Object> handleMethodArgumentNotValid(MethodArgumentNotValidException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        FieldError error = ex.getBindingResult().getFieldError();
        Refused problem = error == null ? Refused.badRequest("query", "The query parameters do not match the API.")
                : Refused.badRequest(error.getField(), "'" + error.getRejectedValue() + "' is not a valid "
                        + error.getField() + ".");
        return ResponseEntity.status(Problems.status(problem.kind())).body(Problems.detail(problem.refusal()));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleHttpMessageNotReadable(HttpMessageNotReadableException ex,
            HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Refused problem = describe(ex);
        return ResponseEntity.status(Problems.status(problem.kind())).body(Problems.detail(problem.refusal()));
    }

    @Override
    protected @Nullable ResponseEntity<Object> handleMaxUploadSizeExceededException(
            MaxUploadSizeExceededException ex, HttpHeaders headers, HttpStatusCode status, WebRequest request) {
        Refused problem = ex.getMaxUploadSize() < 0
                ? Refused.of(Refusal.Kind.TOO_LARGE, "Over a limit", "The upload has more parts or larger"
                        + " parts than the server accepts (server.tomcat.max-part-count, spring.servlet.multipart.*).")
                : Refused.overLimit(Refusal.Kind.TOO_LARGE, "spring.servlet.multipart.max-file-size",
                        ex.getMaxUploadSize(), "The upload is larger than the server accepts");
        return ResponseEntity.status(Problems.status(problem.kind())).body(Problems.detail(problem.refusal()));
    }

    /** Malformed JSON is a 400; well-formed JSON with a value the domain refuses is a 422 naming the field. */
    private Refused describe(HttpMessageNotReadableException ex) {
        if (ex.getCause() instanceof StreamConstraintsException limit) {
            return jsonLimits.refusal(limit);
        }
        if (ex.getCause() instanceof DatabindException databind) {
            return JsonRefusals.unbound(databind, "", "The request body");
        }
        if (ex.getCause() instanceof JacksonException json) {
            return Refused.badRequest("body", "The request body is not valid JSON: " + json.getOriginalMessage());
        }
        return Refused.badRequest("body", "The request body could not be read: "
                + ex.getMostSpecificCause().getMessage());
    }
}
