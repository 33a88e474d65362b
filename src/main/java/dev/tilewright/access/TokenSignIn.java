package dev.tilewright.access;

import dev.tilewright.config.BootstrapProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.oauth2.server.resource.InvalidBearerTokenException;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.stereotype.Component;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;

/**
 * Authenticates {@code Authorization: Bearer} tokens (Spring Security's resource-server filter reads the header and
 * never a URL): the bootstrap token while it is set, else an API token ({@link ApiTokens}: personal, bot or share
 * link). An unknown, expired, revoked or malformed token is a 401 with {@code WWW-Authenticate: Bearer
 * error="invalid_token"}.
 */
@Component
class TokenSignIn implements AuthenticationProvider {

    private static final Logger log = LoggerFactory.getLogger(TokenSignIn.class);

    private final ApiTokens tokens;
    private final byte[] bootstrap;

    TokenSignIn(ApiTokens tokens, BootstrapProperties properties) {
        this.tokens = tokens;
        String token = properties.token();
        if (token != null && !token.isBlank()) {
            if (token.length() < BootstrapProperties.MIN_TOKEN_CHARS) {
                throw new IllegalStateException("tilewright.bootstrap.token (TILEWRIGHT_BOOTSTRAP_TOKEN) has "
                        + token.length() + " characters; it needs " + BootstrapProperties.MIN_TOKEN_CHARS
                        + " at least (e.g. openssl rand -base64 33)");
            }
            log.warn("TILEWRIGHT_BOOTSTRAP_TOKEN is set: it acts as the instance admin on the API for as long as it "
                    + "is; make accounts and tokens, then unset it");
            this.bootstrap = token.getBytes(StandardCharsets.UTF_8);
        } else {
            this.bootstrap = null;
        }
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String presented = ((BearerTokenAuthenticationToken) authentication).getToken();
        Caller caller = bootstrap != null && MessageDigest.isEqual(bootstrap,
                presented.getBytes(StandardCharsets.UTF_8))
                ? new Caller(Caller.Kind.BOOTSTRAP_TOKEN, null, "Bootstrap token", true, null, null, null, "write",
                null)
                : tokens.authenticate(presented).map(this::caller).orElseThrow(() ->
                new InvalidBearerTokenException("The token is unknown, expired or revoked."));
        return UsernamePasswordAuthenticationToken.authenticated(caller, null, List.of());
    }

    private Caller caller(ApiTokens.Grant grant) {
        return switch (grant.kind()) {
            case PERSONAL -> new Caller(Caller.Kind.PERSONAL_TOKEN, grant.userId(), grant.userName(),
                    grant.instanceAdmin(), grant.id(), null, null, grant.scope(), null);
            case BOT -> new Caller(Caller.Kind.BOT_TOKEN, null, grant.name(), false, grant.id(), grant.projectId(),
                    null, grant.scope(), null);
            case SHARE -> new Caller(Caller.Kind.SHARE_LINK, null, "Reviewer", false, grant.id(), null,
                    grant.mapId(), grant.scope(), null);
            case INVITE -> throw new InvalidBearerTokenException("An invite code is not an API token.");
        };
    }

    @Override
    public boolean supports(Class<?> authentication) {
        return BearerTokenAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
