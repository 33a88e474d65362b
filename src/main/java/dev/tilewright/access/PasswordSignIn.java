package dev.tilewright.access;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.stereotype.Component;

import java.util.List;

/** The sign-in form's check: an email and password against {@link Users} (a wrong one of either alike). */
@Component
class PasswordSignIn implements AuthenticationProvider {

    private final Users users;

    PasswordSignIn(Users users) {
        this.users = users;
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String email = authentication.getName();
        Object password = authentication.getCredentials();
        Users.User user = users.signIn(email, password == null ? "" : password.toString())
                .orElseThrow(() -> new BadCredentialsException("Wrong email or password."));
        return UsernamePasswordAuthenticationToken.authenticated(Caller.signedIn(user), null, List.of());
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
