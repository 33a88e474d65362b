package dev.tilewright.pages;

import dev.tilewright.access.ApiTokens;
import dev.tilewright.access.Bootstrap;
import dev.tilewright.access.Caller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import dev.tilewright.access.Requires;
import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.security.oauth2.client.registration.ClientRegistration;
import org.springframework.security.oauth2.client.registration.ClientRegistrationRepository;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.web.WebAttributes;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

import java.util.ArrayList;
import java.util.List;

/**
 * Signing in; the first run ({@code /setup} makes the instance admin while there is no account); the account page
 * (who you are, your API tokens: made, shown once, listed with their last use, revoked).
 */
@Controller
class AccountPages {

    private final Bootstrap bootstrap;
    private final ApiTokens tokens;
    private final ObjectProvider<ClientRegistrationRepository> providers;

    AccountPages(Bootstrap bootstrap, ApiTokens tokens, ObjectProvider<ClientRegistrationRepository> providers) {
        this.bootstrap = bootstrap;
        this.tokens = tokens;
        this.providers = providers;
    }

    /** An OpenID Connect provider to sign in with: its link and its name. */
    record Provider(String href, String name) {
    }

    @GetMapping("/account")
    @Requires(on = Requires.On.CALLER)
    String account(Caller caller, Model model) {
        model.addAttribute("tokens", caller.userId() == null ? java.util.List.of()
                : tokens.of(ApiTokens.Owner.USER, caller.userId()));
        return "account";
    }

    /**
     * Makes a personal token and answers with the account page showing its secret this once. Not a redirect: the
     * secret would have to wait in the session (stored in the database) for the next page; only its hash is kept.
     */
    @PostMapping("/account/tokens")
    @Requires(on = Requires.On.CALLER)
    String makeToken(Caller caller, @RequestParam(required = false) String name,
                     @RequestParam(required = false) String scope,
                     @RequestParam(required = false) Integer expiresInDays, Model model) {
        long user = caller.person(false);
        try {
            model.addAttribute("madeToken", tokens.personal(user, name, scope, expiresInDays).token());
        } catch (Refused refused) {
            model.addAttribute("error", refused.getMessage());
        }
        return account(caller, model);
    }

    @PostMapping("/account/tokens/{tokenId}/revoke")
    @Requires(on = Requires.On.CALLER)
    String revokeToken(Caller caller, @PathVariable long tokenId, RedirectAttributes flash) {
        if (caller.userId() != null && tokens.revoke(ApiTokens.Owner.USER, caller.userId(), tokenId)) {
            flash.addFlashAttribute("notice", "The token is revoked: it no longer works.");
        }
        return "redirect:/account";
    }

    /** The sign-in form; Spring Security takes its POST. With no account yet it sends the visitor to setup. */
    @GetMapping("/login")
    @Requires(on = Requires.On.ANYONE)
    String login(Model model, HttpServletRequest request) {
        if (bootstrap.waitingForSetup()) {
            return "redirect:/setup";
        }
        List<Provider> shown = new ArrayList<>();
        if (providers.getIfAvailable() instanceof Iterable<?> registrations) {
            for (Object each : registrations) {
                ClientRegistration registration = (ClientRegistration) each;
                shown.add(new Provider("/oauth2/authorization/" + registration.getRegistrationId(),
                        registration.getClientName()));
            }
        }
        model.addAttribute("providers", shown);
        HttpSession session = request.getSession(false);
        if (session != null && session.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION)
                instanceof OAuth2AuthenticationException refused) {
            model.addAttribute("providerError", refused.getError().getDescription());
        }
        return "login";
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
        } catch (Refused refused) {
            model.addAttribute("code", code == null ? "" : code);
            model.addAttribute("email", email);
            model.addAttribute("name", name);
            model.addAttribute("error", refused.getMessage());
            model.addAttribute("field", refused.refusal().field());
            return "setup";
        }
        return "redirect:/login?setUp";
    }
}
