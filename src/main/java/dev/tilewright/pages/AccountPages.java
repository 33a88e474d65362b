package dev.tilewright.pages;

import dev.tilewright.access.Bootstrap;
import dev.tilewright.access.Requires;
import dev.tilewright.web.ApiProblem;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** Signing in, and the first run: {@code /setup} makes the instance admin while there is no account. */
@Controller
class AccountPages {

    private final Bootstrap bootstrap;

    AccountPages(Bootstrap bootstrap) {
        this.bootstrap = bootstrap;
    }

    /** The sign-in form; Spring Security takes its POST. With no account yet it sends the visitor to setup. */
    @GetMapping("/login")
    @Requires(on = Requires.On.ANYONE)
    String login() {
        return bootstrap.waitingForSetup() ? "redirect:/setup" : "login";
    }

    @GetMapping("/setup")
    @Requires(on = Requires.On.ANYONE)
    String setup(@RequestParam(required = false) String code, Model model) {
        if (!bootstrap.waitingForSetup()) {
            return "redirect:/login";
        }
        model.addAttribute("code", code == null ? "" : code);
        return "setup";
    }

    @PostMapping("/setup")
    @Requires(on = Requires.On.ANYONE)
    String setUp(@RequestParam(required = false) String code, @RequestParam(required = false) String email,
                 @RequestParam(required = false) String name, @RequestParam(required = false) String password,
                 Model model) {
        if (!bootstrap.waitingForSetup()) {
            return "redirect:/login";
        }
        try {
            bootstrap.setUp(code, email, name, password);
        } catch (ApiProblem refused) {
            model.addAttribute("code", code == null ? "" : code);
            model.addAttribute("email", email);
            model.addAttribute("name", name);
            model.addAttribute("error", refused.getMessage());
            model.addAttribute("field", refused.toProblemDetail().getProperties() == null ? null
                    : refused.toProblemDetail().getProperties().get("field"));
            return "setup";
        }
        return "redirect:/login?setUp";
    }
}
