package dev.tilewright.pages;

import dev.tilewright.core.refusal.Refused;
import dev.tilewright.web.Problems;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.servlet.ModelAndView;

/**
 * A refusal on a page (a map that is not there or not yours, too many guessed links) is a page for people, with the
 * same status, title and detail the API would answer as problem JSON.
 */
@ControllerAdvice(basePackageClasses = PageProblems.class)
@Order(Ordered.HIGHEST_PRECEDENCE)
class PageProblems {

    @ExceptionHandler(Refused.class)
    ModelAndView refused(Refused problem, HttpServletResponse response) {
        if (problem.retryAfter() != null) {
            response.setHeader(HttpHeaders.RETRY_AFTER, String.valueOf(problem.retryAfter()));
        }
        ModelAndView page = new ModelAndView("problem");
        page.setStatus(Problems.status(problem.kind()));
        page.addObject("status", Problems.code(problem.kind()));
        page.addObject("title", problem.refusal().title());
        page.addObject("detail", problem.getMessage());
        return page;
    }
}
