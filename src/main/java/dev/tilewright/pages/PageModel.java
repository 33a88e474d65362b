package dev.tilewright.pages;

import dev.tilewright.access.Caller;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/** What every page's header shows: who is signed in ({@code me}; null on the sign-in and setup pages). */
@ControllerAdvice(basePackageClasses = PageModel.class)
class PageModel {

    @ModelAttribute("me")
    Caller me() {
        return Caller.current().orElse(null);
    }
}
