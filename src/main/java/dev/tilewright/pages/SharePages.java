package dev.tilewright.pages;

import dev.tilewright.access.ApiTokens;
import dev.tilewright.access.Requires;
import dev.tilewright.access.ShareCookie;
import dev.tilewright.access.Throttle;
import dev.tilewright.access.Tokens;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;

import java.util.Optional;

/**
 * What a share link opens: its secret is exchanged for a cookie and the browser is sent on to the map's preview at a
 * clean address, so the secret stays out of the history, the address bar and any referrer.
 */
@Controller
class SharePages {

    private final ApiTokens tokens;
    private final Throttle throttle;

    SharePages(ApiTokens tokens, Throttle throttle) {
        this.tokens = tokens;
        this.throttle = throttle;
    }

    @GetMapping("/s/{token}")
    @Requires(on = Requires.On.ANYONE)
    String open(@PathVariable String token, HttpServletRequest request, HttpServletResponse response) {
        response.setHeader("Referrer-Policy", "no-referrer");
        Optional<ApiTokens.Grant> grant = throttle.lookup(request.getRemoteAddr(), () -> tokens.authenticate(token)
                .filter(g -> g.kind() == Tokens.Kind.SHARE));
        if (grant.isEmpty()) {
            response.setStatus(HttpStatus.NOT_FOUND.value());
            return "share-ended";
        }
        ShareCookie.write(request, response, token, grant.get().expiresAt());
        return "redirect:/maps/" + grant.get().mapId() + "/preview";
    }
}
