package dev.tilewright.pages;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Invites;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Sessions;
import dev.tilewright.access.Throttle;
import dev.tilewright.access.Users;
import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.util.Optional;

/**
 * What an invite link opens: whom it invites where, as which role; a signed-in person accepts it with one button,
 * someone without an account makes one on the spot (and is signed in), someone with an account signs in first and
 * comes back. The code is in the address, so these pages send no referrer.
 */
@Controller
class InvitePages {

    private final Invites invites;
    private final Throttle throttle;
    private final Users users;
    private final Sessions sessions;

    InvitePages(Invites invites, Throttle throttle, Users users, Sessions sessions) {
        this.invites = invites;
        this.throttle = throttle;
        this.users = users;
        this.sessions = sessions;
    }

    @GetMapping("/invites/{code}")
    @Requires(on = Requires.On.ANYONE)
    String invite(@PathVariable String code, Model model, HttpServletRequest request, HttpServletResponse response) {
        return page(code, throttle.lookup(request.getRemoteAddr(), () -> invites.find(code)), model, response);
    }

    /** The invite's page: what it offers, or that it has ended (404). */
    private static String page(String code, Optional<Invites.Offer> offer, Model model,
                               HttpServletResponse response) {
        noReferrer(response);
        if (offer.isEmpty()) {
            response.setStatus(HttpStatus.NOT_FOUND.value());
            return "invite";
        }
        model.addAttribute("offer", offer.get());
        model.addAttribute("code", code);
        return "invite";
    }

    /** For someone with an account: sign-in happens on the way here, then back to the invite. */
    @GetMapping("/invites/{code}/sign-in")
    @Requires(on = Requires.On.CALLER)
    String signInFirst(@PathVariable String code) {
        return "redirect:/invites/" + code;
    }

    @PostMapping("/invites/{code}/accept")
    @Requires(on = Requires.On.CALLER)
    String accept(@PathVariable String code, Caller caller, Model model, HttpServletRequest request,
                  HttpServletResponse response) {
        long user = caller.person(true);
        Optional<Invites.Accepted> accepted = throttle.lookup(request.getRemoteAddr(),
                () -> invites.accept(code, user));
        if (accepted.isEmpty()) {
            return page(code, Optional.empty(), model, response); // counted once, by the lookup above
        }
        return "redirect:/" + accepted.get().kind() + "s/" + accepted.get().id();
    }

    /** Makes an account through the invite, accepts the invite with it and signs the new person in. */
    @PostMapping("/invites/{code}/sign-up")
    @Requires(on = Requires.On.ANYONE)
    String signUp(@PathVariable String code, @RequestParam(required = false) String email,
                  @RequestParam(required = false) String name, @RequestParam(required = false) String password,
                  Model model, HttpServletRequest request, HttpServletResponse response) {
        Optional<Invites.Offer> offer = throttle.lookup(request.getRemoteAddr(), () -> invites.find(code));
        if (offer.isEmpty()) {
            return page(code, offer, model, response);
        }
        Users.User user;
        try {
            user = users.create(email, name, password, false);
        } catch (Refused refused) {
            model.addAttribute("email", email);
            model.addAttribute("name", name);
            model.addAttribute("error", refused.getMessage());
            return page(code, offer, model, response);
        }
        Optional<Invites.Accepted> accepted = invites.accept(code, user.id());
        sessions.signIn(user, request, response);
        return accepted.map(a -> "redirect:/" + a.kind() + "s/" + a.id()).orElse("redirect:/maps");
    }

    private static void noReferrer(HttpServletResponse response) {
        response.setHeader("Referrer-Policy", "no-referrer");
    }
}
