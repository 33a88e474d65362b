package dev.tilewright.webhooks;

import dev.tilewright.access.Caller;
import dev.tilewright.access.Requires;
import dev.tilewright.access.Roles.Action;
import dev.tilewright.core.refusal.Refused;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import java.net.URI;
import java.util.List;

/** A project's webhooks, made and seen by its maintainers (docs/review.md). */
@RestController
@RequestMapping("/api/v1/projects/{id}/webhooks")
class WebhooksController {

    private static final int MAX_LISTED = 200;

    private final Webhooks webhooks;

    WebhooksController(Webhooks webhooks) {
        this.webhooks = webhooks;
    }

    /** @param secret signs every delivery (kept; never shown again) */
    record NewWebhook(String url, String secret, List<String> events) {
    }

    @PostMapping
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Webhooks.Hook> create(@PathVariable long id, @RequestBody NewWebhook body, Caller caller) {
        if (body == null) {
            throw Refused.invalidField("url", "Send {\"url\", \"secret\", \"events\"}.");
        }
        Webhooks.Hook made = webhooks.create(id, body.url(), body.secret(), body.events(), caller.userId());
        return ResponseEntity.created(URI.create("/api/v1/projects/" + id + "/webhooks/" + made.id())).body(made);
    }

    @GetMapping
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    List<Webhooks.Hook> list(@PathVariable long id) {
        return webhooks.list(id);
    }

    @DeleteMapping("/{hookId}")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Void> delete(@PathVariable long id, @PathVariable long hookId) {
        webhooks.delete(id, hookId);
        return ResponseEntity.noContent().build();
    }

    /** The webhook's deliveries, newest first: each with its payload, attempts and the last answer. */
    @GetMapping("/{hookId}/deliveries")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    List<Webhooks.Delivery> deliveries(@PathVariable long id, @PathVariable long hookId,
                                       @RequestParam(defaultValue = "50") int limit) {
        if (limit < 1 || limit > MAX_LISTED) {
            throw Refused.invalidField("limit", "limit is 1 to " + MAX_LISTED + ".");
        }
        return webhooks.deliveries(id, hookId, limit);
    }

    /** Sends a delivery's payload again as a new delivery. */
    @PostMapping("/{hookId}/deliveries/{deliveryId}/redeliver")
    @Requires(value = Action.MAINTAIN, on = Requires.On.PROJECT)
    ResponseEntity<Webhooks.Delivery> redeliver(@PathVariable long id, @PathVariable long hookId,
                                                @PathVariable long deliveryId) {
        return ResponseEntity.status(HttpStatus.ACCEPTED).body(webhooks.redeliver(id, hookId, deliveryId));
    }
}
