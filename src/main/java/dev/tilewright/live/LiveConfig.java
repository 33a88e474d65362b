package dev.tilewright.live;

import dev.tilewright.config.LiveProperties;
import dev.tilewright.access.Access;
import dev.tilewright.access.Caller;
import dev.tilewright.access.Roles;
import org.springframework.web.socket.server.support.HttpSessionHandshakeInterceptor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import dev.tilewright.core.refusal.Refusal;
import dev.tilewright.web.Problems;
import org.springframework.http.server.ServerHttpRequest;
import org.springframework.http.server.ServerHttpResponse;
import org.springframework.web.socket.WebSocketHandler;
import org.springframework.web.socket.config.annotation.EnableWebSocket;
import org.springframework.web.socket.config.annotation.WebSocketConfigurer;
import org.springframework.web.socket.config.annotation.WebSocketHandlerRegistry;
import org.springframework.web.socket.server.HandshakeInterceptor;
import org.springframework.web.socket.server.standard.ServletServerContainerFactoryBean;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The live socket: {@code /api/v1/maps/{id}/live}, for an existing map and from an allowed origin only. */
@Configuration(proxyBeanMethods = false)
@EnableWebSocket
class LiveConfig implements WebSocketConfigurer {

    private static final Pattern PATH = Pattern.compile("/api/v1/maps/(\\d+)/live$");

    private final LiveHandler handler;
    private final Access access;
    private final LiveProperties properties;

    LiveConfig(LiveHandler handler, Access access, LiveProperties properties) {
        this.handler = handler;
        this.access = access;
        this.properties = properties;
    }

    @Override
    public void registerWebSocketHandlers(WebSocketHandlerRegistry registry) {
        registry.addHandler(handler, "/api/v1/maps/{id}/live")
                .addInterceptors(new MayView(), new HttpSessionHandshakeInterceptor())
                .setAllowedOriginPatterns(properties.allowedOrigins().toArray(String[]::new));
    }

    /**
     * What the container reads a text message into before handing it over, per socket (it allocates it when the
     * socket opens): larger messages come in parts, put together up to max-frame-bytes ({@link MessageParts}).
     */
    static final int RECEIVE_BUFFER_CHARS = 8192;

    /** Every socket's receive buffer; messages over max-frame-bytes close the socket with 1009 (LiveHandler). */
    @Bean
    ServletServerContainerFactoryBean liveContainer() {
        ServletServerContainerFactoryBean container = new ServletServerContainerFactoryBean();
        container.setMaxTextMessageBufferSize(RECEIVE_BUFFER_CHARS);
        return container;
    }

    /**
     * The caller (Spring Security authenticated the upgrade request: a session or a bearer token) must be allowed to
     * see the map; a map that does not exist or that they may not see is refused with 404 before the socket opens.
     */
    private final class MayView implements HandshakeInterceptor {

        @Override
        public boolean beforeHandshake(ServerHttpRequest request, ServerHttpResponse response,
                                       WebSocketHandler wsHandler, Map<String, Object> attributes) {
            Matcher m = PATH.matcher(request.getURI().getPath());
            if (!m.find()) {
                response.setStatusCode(Problems.status(Refusal.Kind.NOT_FOUND));
                return false;
            }
            long mapId = Long.parseLong(m.group(1));
            Optional<Caller> who = Caller.current();
            if (who.isEmpty()) {
                response.setStatusCode(Problems.status(Refusal.Kind.SIGNED_OUT));
                return false;
            }
            Caller caller = who.get();
            Optional<Access.Standing> standing = access.onMap(caller, mapId);
            if (!Access.allows(standing, Roles.Action.VIEW)) {
                response.setStatusCode(Problems.status(Refusal.Kind.NOT_FOUND));
                return false;
            }
            attributes.put(LiveHandler.MAP_ID, mapId);
            attributes.put(LiveHandler.CALLER, caller);
            attributes.put(LiveHandler.MAY_EDIT, Access.allows(standing, Roles.Action.EDIT));
            return true;
        }

        @Override
        public void afterHandshake(ServerHttpRequest request, ServerHttpResponse response, WebSocketHandler wsHandler,
                                   Exception exception) {
        }
    }
}
