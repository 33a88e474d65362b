package dev.tilewright.access;

import dev.tilewright.core.refusal.Refused;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserRequest;
import org.springframework.security.oauth2.client.oidc.userinfo.OidcUserService;
import org.springframework.security.oauth2.client.userinfo.OAuth2UserService;
import org.springframework.security.oauth2.core.OAuth2AuthenticationException;
import org.springframework.security.oauth2.core.OAuth2Error;
import org.springframework.security.oauth2.core.oidc.user.DefaultOidcUser;
import org.springframework.security.oauth2.core.oidc.user.OidcUser;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.stereotype.Component;

import java.io.IOException;
import java.io.Serial;
import java.util.Optional;

/**
 * Signing in through an OpenID Connect provider (any, by configuration alone: {@code
 * spring.security.oauth2.client.registration.*}; off without one). The provider's identity, its issuer and
 * subject and never its email, is bound to an account: the one it was bound to before; else, for a person signed in
 * here already, theirs (linking); else a new account with the provider's email and name, unless an account has that
 * email (it must sign in with its password first and link). The browser then gets a session of ours like the sign-in
 * form's.
 */
@Component
class OidcSignIn {

    /** The provider's user, with the account it is bound to. */
    static final class Linked extends DefaultOidcUser {

        @Serial
        private static final long serialVersionUID = 1L;
        final long userId;

        Linked(OidcUser user, long userId) {
            super(user.getAuthorities(), user.getIdToken(), user.getUserInfo());
            this.userId = userId;
        }
    }

    private final Users users;
    private final Sessions sessions;
    private final OidcUserService provider = new OidcUserService();

    OidcSignIn(Users users, Sessions sessions) {
        this.users = users;
        this.sessions = sessions;
    }

    /** Loads the provider's user and finds, links or makes its account (refusals become the sign-in page's error). */
    OAuth2UserService<OidcUserRequest, OidcUser> userService() {
        return request -> {
            OidcUser user = provider.loadUser(request);
            return new Linked(user, account(user, Caller.current()).id());
        };
    }

    /** The account of a provider's user, as the class comment says. */
    Users.User account(OidcUser user, Optional<Caller> signedIn) {
        String issuer = user.getIssuer().toString();
        String subject = user.getSubject();
        Optional<Users.User> bound = users.findByIdentity(issuer, subject);
        if (bound.isPresent()) {
            return bound.get();
        }
        Optional<Long> person = signedIn.filter(c -> c.kind() == Caller.Kind.SESSION).map(Caller::userId);
        try {
            if (person.isPresent()) {
                users.link(person.get(), issuer, subject);
                return users.find(person.get()).orElseThrow();
            }
            if (user.getEmail() == null) {
                throw refused("no_email", "The provider gave no email address; allow the email scope.");
            }
            String name = Optional.ofNullable(user.getFullName()).or(() -> Optional.ofNullable(
                    user.getPreferredUsername())).orElse(user.getEmail().split("@")[0]);
            return users.createWithIdentity(user.getEmail(), name, issuer, subject);
        } catch (Refused problem) {
            throw refused("account_exists", "email".equals(problem.refusal().field())
                    ? "There is an account with this email already: sign in with its password, then sign in with "
                    + "the provider once while signed in to link the two."
                    : problem.getMessage());
        }
    }

    /** Begins our own session for the account, then goes where the person was going (or to the maps). */
    AuthenticationSuccessHandler success(RequestCache cache) {
        SavedRequestAwareAuthenticationSuccessHandler onward = new SavedRequestAwareAuthenticationSuccessHandler();
        onward.setRequestCache(cache);
        onward.setDefaultTargetUrl("/maps");
        return new AuthenticationSuccessHandler() {
            @Override
            public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
                                                Authentication authentication) throws IOException,
                    jakarta.servlet.ServletException {
                long userId = ((Linked) authentication.getPrincipal()).userId;
                sessions.signIn(users.find(userId).orElseThrow(), request, response);
                onward.onAuthenticationSuccess(request, response, authentication);
            }
        };
    }

    private static OAuth2AuthenticationException refused(String code, String why) {
        return new OAuth2AuthenticationException(new OAuth2Error(code, why, null), why);
    }
}
