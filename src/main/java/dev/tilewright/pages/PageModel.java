package dev.tilewright.pages;

import dev.tilewright.access.Caller;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * What every page's header shows: who is signed in ({@code me}; null on the sign-in and setup pages). Pages seen
 * through a share link send no referrer.
 */
@ControllerAdvice(basePackageClasses = PageModel.class)
class PageModel {

    @ModelAttribute("me")
    Caller me(HttpServletResponse response) {
        Caller caller = Caller.current().orElse(null);
        if (caller != null && caller.kind() == Caller.Kind.SHARE_LINK) {
            response.setHeader("Referrer-Policy", "no-referrer");
        }
        return caller;
    }
}
